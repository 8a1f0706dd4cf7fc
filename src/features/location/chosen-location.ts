// The market and city picked on /system/choose-location, kept in localStorage (the server has no
// preference store yet, so signed-in users keep it on this device too). Choosing sets the
// lists' market (src/state/rank-discover.ts) and is checkout's starting country.
import { isMarket, type Market } from "../../api/entities";
import { setMarket } from "../../state/rank-discover";

export const CHOSEN_LOCATION_KEY = "shopradar-location";

export interface ChosenLocation {
  market: Market;
  /** A bundled city id (cities.ts), or "" when none was picked. */
  city: string;
}

export function readChosenLocation(): ChosenLocation | null {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(CHOSEN_LOCATION_KEY) ?? "null");
    if (typeof raw !== "object" || raw === null) return null;
    const { market, city } = raw as Record<string, unknown>;
    return isMarket(market) ? { market, city: typeof city === "string" ? city : "" } : null;
  } catch {
    return null;
  }
}

export function saveChosenLocation(location: ChosenLocation): void {
  setMarket(location.market);
  try {
    localStorage.setItem(CHOSEN_LOCATION_KEY, JSON.stringify(location));
  } catch {
    // Private mode without storage: the market lasts for this visit.
  }
}
