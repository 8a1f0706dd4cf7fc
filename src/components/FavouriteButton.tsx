// The favourite heart of cards and detail pages (every entity kind: goods, influencers, videos,
// music, hashtags): filled when liked; a tap likes or unlikes at once (the store puts it back
// if the server refuses). Visitors get the login prompt. The icon is drawn by CSS (one element
// per heart: lists create many while scrolling). Test id `favourite-button` with `data-liked`.
import { useEffect } from "react";
import { useLingui } from "@lingui/react/macro";
import { FAVOURITE_KIND_OF } from "../api/favourites";
import type { EntityKind } from "../api/entities";
import { ensureFavourites, toggleFavourite, useIsFavourite } from "../state/favourites";
import { showToast } from "../state/system";
import { openLoginDialog, useToken } from "../state/user";

export function FavouriteButton({ entity, id }: { entity: EntityKind; id: string }) {
  const { t } = useLingui();
  const kind = FAVOURITE_KIND_OF[entity];
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
      <span className="heart__icon" aria-hidden="true" />
    </button>
  );
}
