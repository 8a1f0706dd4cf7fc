// /system/choose-location: the user's market and city (bundled list, cities.ts), saved on this
// device and used as the lists' market and checkout's starting country. "Use my location" asks
// the browser once and picks the nearest bundled city locally; it is never required, and a
// refusal or failure says so without blocking the form.
import { useId, useState } from "react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MARKETS, isMarket, type Market } from "../../api/entities";
import { marketName } from "../../components/MarketSelect";
import { citiesOf, cityById, nearestCity } from "../../features/location/cities";
import { readChosenLocation, saveChosenLocation } from "../../features/location/chosen-location";
import { checkAllRequired } from "../../lib/required";
import { showToast } from "../../state/system";
import { useMarket } from "../../state/rank-discover";

type LocateState = "idle" | "locating" | "denied" | "failed" | "unsupported" | "found";

export default function ChooseLocationPage() {
  const { i18n, t } = useLingui();
  const marketId = useId();
  const cityId = useId();
  const listMarket = useMarket();
  const saved = readChosenLocation();
  const [market, setMarketChoice] = useState<Market>(saved?.market ?? listMarket);
  const [city, setCity] = useState(saved?.city ?? citiesOf(saved?.market ?? listMarket)[0]?.id ?? "");
  const [locate, setLocate] = useState<LocateState>("idle");

  const chooseMarket = (next: Market) => {
    setMarketChoice(next);
    setCity(citiesOf(next)[0]?.id ?? "");
  };

  const useMyLocation = () => {
    if (!("geolocation" in navigator)) {
      setLocate("unsupported");
      return;
    }
    setLocate("locating");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const nearest = nearestCity({ lat: coords.latitude, lng: coords.longitude });
        setMarketChoice(nearest.market);
        setCity(nearest.id);
        setLocate("found");
      },
      (error) => setLocate(error.code === error.PERMISSION_DENIED ? "denied" : "failed"),
      { timeout: 15_000, maximumAge: 600_000 },
    );
  };

  const save = () => {
    const missing = checkAllRequired([
      { value: market, message: msg`Choose a market` },
      { value: city, message: msg`Choose a city` },
    ]);
    if (missing) {
      showToast(i18n._(missing), "error");
      return;
    }
    saveChosenLocation({ market, city });
    showToast(t`Location saved`);
  };

  const cityName = cityById(city) ? i18n._(cityById(city)!.name) : "";
  return (
    <section className="card" data-testid="choose-location">
      <p>
        <Trans>Lists and checkout start in the market you choose here.</Trans>
      </p>
      <button
        type="button"
        className="button button--block"
        onClick={useMyLocation}
        disabled={locate === "locating"}
        data-testid="use-my-location"
      >
        {locate === "locating" ? <Trans>Finding your location…</Trans> : <Trans>Use my location</Trans>}
      </button>
      <p role="status" data-testid="locate-status">
        {locate === "found" && <Trans>Nearest city: {cityName}</Trans>}
        {locate === "denied" && <Trans>Location access was denied. Choose your market and city below instead.</Trans>}
        {locate === "failed" && <Trans>Your location could not be found. Choose your market and city below.</Trans>}
        {locate === "unsupported" && (
          <Trans>This browser cannot share its location. Choose your market and city below.</Trans>
        )}
      </p>
      <p className="field">
        <label htmlFor={marketId}>
          <Trans>Market</Trans>
        </label>
        <select
          id={marketId}
          className="select"
          value={market}
          data-testid="location-market"
          onChange={(event) => isMarket(event.target.value) && chooseMarket(event.target.value)}
        >
          {MARKETS.map((code) => (
            <option key={code} value={code}>
              {marketName(code, i18n)}
            </option>
          ))}
        </select>
      </p>
      <p className="field">
        <label htmlFor={cityId}>
          <Trans>City</Trans>
        </label>
        <select
          id={cityId}
          className="select"
          value={city}
          data-testid="location-city"
          onChange={(event) => setCity(event.target.value)}
        >
          {citiesOf(market).map((entry) => (
            <option key={entry.id} value={entry.id}>
              {i18n._(entry.name)}
            </option>
          ))}
        </select>
      </p>
      <button type="button" className="button button--primary button--block" onClick={save} data-testid="location-save">
        <Trans>Save</Trans>
      </button>
    </section>
  );
}
