// The favourite heart of cards and detail pages (spec §2): filled when liked; a tap likes or
// unlikes at once (the store puts it back if the server refuses). Visitors get the login
// prompt. Test id `favourite-button` with `data-liked`.
import { useEffect } from "react";
import { useLingui } from "@lingui/react/macro";
import { FAVOURITE_KIND } from "../api/favourites";
import type { DetailEntity } from "../api/entities";
import { ensureFavourites, toggleFavourite, useIsFavourite } from "../state/favourites";
import { showToast } from "../state/system";
import { openLoginDialog, useToken } from "../state/user";

export function FavouriteButton({ entity, id }: { entity: DetailEntity; id: string }) {
  const { t } = useLingui();
  const kind = FAVOURITE_KIND[entity];
  const liked = useIsFavourite(kind, id);
  const token = useToken();
  useEffect(() => {
    if (token) void ensureFavourites().catch(() => undefined);
  }, [token]);

  const toggle = async () => {
    if (!token) {
      openLoginDialog();
      return;
    }
    const now = await toggleFavourite(kind, id);
    if (now !== liked) showToast(now ? t`Added to favourites` : t`Removed from favourites`);
  };

  return (
    <button
      type="button"
      className="heart"
      aria-pressed={liked}
      aria-label={liked ? t`Remove from favourites` : t`Add to favourites`}
      data-testid="favourite-button"
      data-liked={liked}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 20.5s-7-4.3-9.4-8.4C.9 9.1 2.7 5.5 6.3 5.5c2.1 0 3.5 1.2 4.2 2.4.6 1 2.4 1 3 0 .7-1.2 2.1-2.4 4.2-2.4 3.6 0 5.4 3.6 3.7 6.6-2.4 4.1-9.4 8.4-9.4 8.4z"
          fill={liked ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
