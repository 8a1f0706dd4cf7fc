// Home: the brand header (HomeHeader, also painted by index.html before any JavaScript), then the four
// sections of GET /api/v1/home, each with its freshness copy and the time of its data, rows
// linking to details; the site footer below. Reloads when the market or the session changes
// (a signed-in plan may see more rows). The rows come in a few per frame (each step's render,
// commit and layout a short task of its own on a slow phone), the footer when idle.
import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useState } from "react";
import type { RankRow } from "../../api/entities";
import { homeData, type HomeSection as SectionData } from "../../api/rank";
import { afterNextFrame, nextTask } from "../../platform/schedule";
import { useAsync } from "../../hooks/use-async";
import { useMarket } from "../../state/rank-discover";
import { useToken } from "../../state/user";
import { HomeHeader } from "./HomeHeader";
import { HomeSectionCard } from "./HomeSectionCard";
import { HOME_ROWS, HOME_SECTIONS } from "./home-sections";
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
      <HomeHeader />
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
