// /system/open-location?name=&address=&lat=&lng=: a place's name and address (plain text) and an
// "Open in maps" link with a geo: href, which the device hands to its maps app. No map tiles
// or other outside requests.
import { Trans } from "@lingui/react/macro";
import { Link, useSearch } from "wouter";
import { hrefFor } from "../../routing/paths";
import { geoHref, placeFromQuery } from "./geo-link";

export default function OpenLocationPage() {
  const place = placeFromQuery(new URLSearchParams(useSearch()));
  const href = geoHref(place);
  if (!href) {
    return (
      <div className="empty-state" data-testid="open-location-empty">
        <p className="empty-state__title">
          <Trans>No place to show</Trans>
        </p>
        <Link href={hrefFor("index")} className="button button--primary">
          <Trans>Back to home</Trans>
        </Link>
      </div>
    );
  }
  const { coordinates } = place;
  return (
    <section className="card" data-testid="open-location">
      {place.name && (
        <h2 className="card__title" data-testid="location-name">
          {place.name}
        </h2>
      )}
      {place.address && <p data-testid="location-address">{place.address}</p>}
      {coordinates && (
        <p className="muted" data-testid="location-coordinates">
          {coordinates.lat}, {coordinates.lng}
        </p>
      )}
      <a className="button button--primary button--block" href={href} data-testid="open-in-maps">
        <Trans>Open in maps</Trans>
      </a>
    </section>
  );
}
