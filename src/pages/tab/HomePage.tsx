// Home (spec §2): the brand header with the search entry and the market, then the four
// sections of GET /api/v1/home, each with its freshness copy and the time of its data, rows
// linking to details; the site footer below. Reloads when the market or the session changes
// (a signed-in plan may see more rows). The rows come in a few per frame (each step's render,
// commit and layout a short task of its own on a slow phone), the footer when idle.
import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useState } from "react";
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import type { RankRow } from "../../api/entities";
import { homeData, type HomeSection as SectionData } from "../../api/rank";
import { hrefFor } from "../../app/routes";
import { brandName } from "../../app/title";
import { MarketSelect } from "../../components/MarketSelect";
import { afterNextFrame, nextTask } from "../../lib/schedule";
import { useAsync } from "../../components/useAsync";
import { useMarket } from "../../state/rankDiscover";
import { useLocale } from "../../state/system";
import { useToken } from "../../state/user";
import { HomeSectionCard } from "./HomeSectionCard";
import { HOME_ROWS, HOME_SECTIONS } from "./homeSections";
import "./home-brand.css";
import "./home.css";

// Below the fold: the footer's form code loads after the sections, off the first paint.
const SiteFooter = lazy(() => import("../../components/SiteFooter").then((module) => ({ default: module.SiteFooter })));

/** Rows added per frame while the home fills: the first row alone (its first layout sets up the
 * fonts, images and icons every row uses, the costliest step), then two at a time. */
const ROWS_PER_FRAME = 2;
const ALL_ROWS = HOME_SECTIONS.length * HOME_ROWS;

/** How many rows (counted across the sections in order) show: once there is data, a few more after each frame. */
function useRowsShown(ready: boolean): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!ready || shown >= ALL_ROWS) return;
    return afterNextFrame(() => startTransition(() => setShown((count) => (count === 0 ? 1 : count + ROWS_PER_FRAME))));
  }, [ready, shown]);
  return ready ? shown : 0;
}

/** True once `when` held and the browser was then idle (below-the-fold work). */
function useIdle(when: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!when || idle) return;
    if (typeof requestIdleCallback !== "function") return afterNextFrame(() => setIdle(true));
    const handle = requestIdleCallback(() => startTransition(() => setIdle(true)), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [when, idle]);
  return idle;
}

export default function HomePage() {
  const locale = useLocale();
  const market = useMarket();
  const token = useToken();
  // Asked in a task of its own: the first commit's effects are a long enough task already.
  const home = useAsync(() => nextTask().then(() => homeData(market, HOME_ROWS)), [market, token]);
  // The twenty rows render in a transition (in slices that yield) when the data arrives.
  const data = useDeferredValue(home.data);
  const shown = useRowsShown(Boolean(data));
  const footer = useIdle(shown >= ALL_ROWS || Boolean(home.error));

  return (
    <>
      <header className="home-brand" data-testid="home-brand">
        <div className="home-brand__row">
          <h1 className="home-brand__name">{brandName(locale)}</h1>
          <MarketSelect className="select home-brand__market" />
        </div>
        <p className="home-brand__tagline">
          <Trans>Find what sells on short-video commerce</Trans>
        </p>
        <Link href={hrefFor("discovery")} className="home-brand__search" data-testid="home-search-entry">
          <Trans>Search videos and influencers</Trans>
        </Link>
      </header>
      {HOME_SECTIONS.map((section, index) => (
        <HomeSectionCard
          key={section.id}
          section={section}
          data={shown > index * HOME_ROWS ? (data?.[section.key] as SectionData<RankRow> | undefined) : undefined}
          rows={Math.min(Math.max(shown - index * HOME_ROWS, 0), HOME_ROWS)}
          failed={Boolean(home.error) && !data}
          onRetry={home.reload}
          eager={index === 0}
        />
      ))}
      {footer && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
    </>
  );
}
