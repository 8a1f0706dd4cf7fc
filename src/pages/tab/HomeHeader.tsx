// The home page's header: brand, market, tagline and the search entry. HomePage renders it,
// and the build renders the same component into index.html for each language (home-shell-
// render.tsx, scripts/home-shell.ts), so the header paints before any JavaScript and React's
// first commit puts the same markup in the same place (no layout shift). Its layout rules are
// in home-brand.css, part of the entry's inline CSS for that reason.
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { MarketSelect } from "../../components/MarketSelect";
import { hrefFor } from "../../routing/paths";
import { brandName } from "../../routing/title";
import { useLocale } from "../../state/system";

export function HomeHeader() {
  const locale = useLocale();
  return (
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
  );
}
