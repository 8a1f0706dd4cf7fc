// Me page: the market and city chosen on /system/choose-location (the lists' and checkout's
// starting market), or that none is chosen, with the way there.
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { marketName } from "../../components/MarketSelect";
import { hrefFor } from "../../routing/paths";
import { CITIES } from "./cities";
import { readChosenLocation } from "./chosen-location";

export function LocationEntry() {
  const { i18n } = useLingui();
  const [chosen] = useState(readChosenLocation);
  const city = chosen && CITIES.find((candidate) => candidate.id === chosen.city);
  return (
    <section className="card card--row" aria-labelledby="location-entry-title" data-testid="location-entry">
      <div>
        <h2 id="location-entry-title" className="card__title">
          <Trans>Market and city</Trans>
        </h2>
        <p className="card__note" data-testid="location-entry-value">
          {chosen ? (
            [marketName(chosen.market, i18n), city ? i18n._(city.name) : null].filter(Boolean).join(" · ")
          ) : (
            <Trans>Not chosen yet</Trans>
          )}
        </p>
      </div>
      <Link href={hrefFor("chooseLocation")} className="button button--small">
        <Trans>Choose location</Trans>
      </Link>
    </section>
  );
}
