// The bundled cities (every market has some; the nearest one to a position, computed
// locally) and the chosen location: saved on this device, it becomes the lists' market and
// checkout's starting country; anything malformed in storage is ignored.
import { beforeEach, expect, test } from "vitest";
import { MARKETS } from "../../../../src/api/entities";
import { citiesOf, distanceKm, nearestCity } from "../../../../src/features/location/cities";
import {
  CHOSEN_LOCATION_KEY,
  readChosenLocation,
  saveChosenLocation,
} from "../../../../src/features/location/chosen-location";
import { visitorCountry } from "../../../../src/features/commerce/visitor-country";
import { rankDiscoverState, setMarket } from "../../../../src/state/rank-discover";
import { userState } from "../../../../src/state/user";

beforeEach(() => {
  localStorage.clear();
  setMarket("VN");
  userState.ipInfo = null;
});

test("every market has bundled cities", () => {
  for (const market of MARKETS) expect(citiesOf(market).length, market).toBeGreaterThan(0);
});

test("distances are great-circle kilometres", () => {
  // Hanoi to Ho Chi Minh City is about 1,140 km.
  expect(distanceKm({ lat: 21.0278, lng: 105.8342 }, { lat: 10.7769, lng: 106.7009 })).toBeCloseTo(1140, -1);
});

test("a position maps to the nearest bundled city, across markets", () => {
  expect(nearestCity({ lat: 13.75, lng: 100.52 })).toMatchObject({ id: "bangkok", market: "TH" });
  expect(nearestCity({ lat: 1.29, lng: 103.85 })).toMatchObject({ id: "singapore", market: "SG" });
  expect(nearestCity({ lat: 1.46, lng: 103.76 })).toMatchObject({ id: "johor-bahru", market: "MY" });
  expect(nearestCity({ lat: 16.07, lng: 108.22 })).toMatchObject({ id: "da-nang", market: "VN" });
});

test("saving sets the lists' market and checkout's starting country, and survives a reload", () => {
  expect(visitorCountry()).toBe("VN");
  saveChosenLocation({ market: "TH", city: "chiang-mai" });
  expect(rankDiscoverState.market).toBe("TH");
  expect(localStorage.getItem("market")).toBe("TH");
  expect(readChosenLocation()).toEqual({ market: "TH", city: "chiang-mai" });
  expect(visitorCountry()).toBe("TH");
});

test("the chosen market wins over the IP region; without one the IP region counts", () => {
  userState.ipInfo = { country: "id" };
  expect(visitorCountry()).toBe("ID");
  saveChosenLocation({ market: "PH", city: "manila" });
  expect(visitorCountry()).toBe("PH");
});

test("malformed storage is ignored", () => {
  for (const raw of ["{", "null", '"TH"', '{"market":"XX","city":"x"}']) {
    localStorage.setItem(CHOSEN_LOCATION_KEY, raw);
    expect(readChosenLocation(), raw).toBeNull();
  }
  localStorage.setItem(CHOSEN_LOCATION_KEY, '{"market":"MY","city":5}');
  expect(readChosenLocation()).toEqual({ market: "MY", city: "" });
});
