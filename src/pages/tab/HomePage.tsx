// Home: the brand header and the four home sections with their freshness copy. The data of
// each section arrives with the rankings issue.
import { Trans, useLingui } from "@lingui/react/macro";
import { brandName } from "../../app/title";
import { useLocale } from "../../state/system";
import { HOME_SECTIONS, refreshCopy } from "./homeSections";

export default function HomePage() {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <>
      <header className="home-brand" data-testid="home-brand">
        <h1 className="home-brand__name">{brandName(locale)}</h1>
        <p className="home-brand__tagline">
          <Trans>Find what sells on short-video commerce</Trans>
        </p>
      </header>
      {HOME_SECTIONS.map((section) => (
        <section key={section.id} className="card" data-testid={`home-section-${section.id}`}>
          <h2 className="card__title">{i18n._(section.title)}</h2>
          <p className="card__freshness" data-testid="home-section-freshness">
            {refreshCopy(section.refreshHours, section.refreshClock)}
          </p>
          <p className="card__note">
            <Trans>The data for this list is coming soon.</Trans>
          </p>
        </section>
      ))}
    </>
  );
}
