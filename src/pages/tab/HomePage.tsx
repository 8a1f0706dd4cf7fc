// Home (spec §2): the brand header with the search entry and the market, then the four
// sections of GET /api/v1/home, each with its freshness copy and the time of its data, rows
// linking to details; the site footer below. Reloads when the market or the session changes
// (a signed-in plan may see more rows).
import { lazy, Suspense, useDeferredValue } from "react";
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import type { RankRow } from "../../api/entities";
import { homeData, type HomeSection as SectionData } from "../../api/rank";
import { hrefFor } from "../../app/routes";
import { brandName } from "../../app/title";
import { MarketSelect } from "../../components/MarketSelect";
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

export default function HomePage() {
  const locale = useLocale();
  const market = useMarket();
  const token = useToken();
  const home = useAsync(() => homeData(market, HOME_ROWS), [market, token]);
  // The twenty rows render in a transition (in slices that yield) when the data arrives.
  const data = useDeferredValue(home.data);

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
          data={data?.[section.key] as SectionData<RankRow> | undefined}
          failed={Boolean(home.error) && !data}
          onRetry={home.reload}
          eager={index === 0}
        />
      ))}
      {(data || home.error) && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
    </>
  );
}
