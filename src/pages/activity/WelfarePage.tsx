// Member benefits and trial discounts (/welfare and /trial, query marketing_id and channel_id; the
// shell's title bar says "Member benefits" / "Free trial"): "Offers for members", the discounts of
// marketing_id (or without one the first-month list), each an OfferCard (price, list price,
// percent off, its lessDay timer, Buy now / Receive), and links to the 3-day trial and to inviting
// friends. channel_id is kept as the visit's channel (sign-ups from here carry it) and sent with
// the page's view and click events.
import { useEffect } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearch } from "wouter";
import { LoadFailed } from "../../components/LoadFailed";
import { track } from "../../features/tracking/tracker";
import { useAsync } from "../../hooks/use-async";
import { decodeScene } from "../../lib/scene";
import { hrefFor } from "../../routing/paths";
import type { PageProps } from "../../routing/route-types";
import { applySceneQuery, useToken } from "../../state/user";
import { OfferCard } from "./OfferCard";
import { firstMonthOffers, offersOf } from "./offers";
import "./activity.css";

export const VIEW_EVENT = "welfare_view";

/** marketing_id (or the scene's mid) when numeric; channel_id (or the scene's cid). */
function useWelfareQuery(): { marketingId: number | null; channelId: string } {
  const search = useSearch();
  const query = new URLSearchParams(search);
  const scene = decodeScene(search);
  const marketingId = (query.get("marketing_id") ?? scene.marketingId).trim();
  const channelId = (query.get("channel_id") ?? scene.channelId).trim();
  return {
    marketingId: /^\d{1,9}$/.test(marketingId) ? Number(marketingId) : null,
    channelId: /^[\w-]{1,64}$/.test(channelId) ? channelId : "",
  };
}

export default function WelfarePage({ route }: PageProps) {
  const { t } = useLingui();
  const token = useToken();
  const { marketingId, channelId } = useWelfareQuery();
  const offers = useAsync(
    () => (marketingId === null ? firstMonthOffers(Boolean(token)) : offersOf(marketingId, Boolean(token))),
    [marketingId, token],
  );

  useEffect(() => {
    if (channelId) applySceneQuery(new URLSearchParams({ cid: channelId }).toString());
    void track(VIEW_EVENT, {
      page: route.name,
      ...(marketingId !== null ? { marketing_id: marketingId } : {}),
      ...(channelId ? { channel_id: channelId } : {}),
    });
  }, [route.name, marketingId, channelId]);

  let content;
  if (offers.error !== undefined && !offers.data) {
    content = (
      <LoadFailed onRetry={offers.reload}>
        <Trans>The offers could not be loaded.</Trans>
      </LoadFailed>
    );
  } else if (!offers.data) {
    content = <span className="spinner" aria-hidden="true" />;
  } else if (offers.data.length === 0) {
    content = (
      <p className="card__note" data-testid="offers-empty">
        <Trans>There are no offers for you right now.</Trans>
      </p>
    );
  } else {
    content = (
      <ul className="offers" data-testid="offers">
        {offers.data.map((offer) => (
          <OfferCard
            key={`${offer.marketingId}-${offer.groupNum}`}
            offer={offer}
            channelId={channelId}
            page={route.name}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="activity-page" data-testid="welfare-page" data-state={offers.data ? "ready" : "loading"}>
      <section className="card">
        <h2 className="card__title">
          <Trans>Offers for members</Trans>
        </h2>
        {content}
      </section>
      <nav className="activity-links" aria-label={t`More offers`}>
        <Link href={hrefFor("getThreeDayVip")} className="button button--block" data-testid="welfare-trial">
          <Trans>Get 3 days of Basic free</Trans>
        </Link>
        <Link href={hrefFor("fission")} className="button button--block" data-testid="welfare-invite">
          <Trans>Invite friends</Trans>
        </Link>
      </nav>
    </div>
  );
}
