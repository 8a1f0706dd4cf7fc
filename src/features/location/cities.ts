// The bundled main cities of each market (no external service): names as messages and their
// coordinates, and nearestCity() which maps a device position to the closest of them locally.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Market } from "../../api/entities";

export interface City {
  id: string;
  market: Market;
  name: MessageDescriptor;
  lat: number;
  lng: number;
}

const city = (id: string, market: Market, name: MessageDescriptor, lat: number, lng: number): City => ({
  id,
  market,
  name,
  lat,
  lng,
});

export const CITIES: readonly City[] = [
  city("ho-chi-minh-city", "VN", msg`Ho Chi Minh City`, 10.7769, 106.7009),
  city("hanoi", "VN", msg`Hanoi`, 21.0278, 105.8342),
  city("da-nang", "VN", msg`Da Nang`, 16.0544, 108.2022),
  city("hai-phong", "VN", msg`Hai Phong`, 20.8449, 106.6881),
  city("can-tho", "VN", msg`Can Tho`, 10.0452, 105.7469),
  city("jakarta", "ID", msg`Jakarta`, -6.2088, 106.8456),
  city("surabaya", "ID", msg`Surabaya`, -7.2575, 112.7521),
  city("bandung", "ID", msg`Bandung`, -6.9175, 107.6191),
  city("medan", "ID", msg`Medan`, 3.5952, 98.6722),
  city("bangkok", "TH", msg`Bangkok`, 13.7563, 100.5018),
  city("chiang-mai", "TH", msg`Chiang Mai`, 18.7883, 98.9853),
  city("phuket", "TH", msg`Phuket`, 7.8804, 98.3923),
  city("khon-kaen", "TH", msg`Khon Kaen`, 16.4322, 102.8236),
  city("kuala-lumpur", "MY", msg`Kuala Lumpur`, 3.139, 101.6869),
  city("george-town", "MY", msg`George Town`, 5.4141, 100.3288),
  city("johor-bahru", "MY", msg`Johor Bahru`, 1.4927, 103.7414),
  city("kota-kinabalu", "MY", msg`Kota Kinabalu`, 5.9804, 116.0735),
  city("manila", "PH", msg`Manila`, 14.5995, 120.9842),
  city("cebu-city", "PH", msg`Cebu City`, 10.3157, 123.8854),
  city("davao-city", "PH", msg`Davao City`, 7.1907, 125.4553),
  city("singapore", "SG", msg`Singapore`, 1.3521, 103.8198),
];

export const citiesOf = (market: Market): City[] => CITIES.filter((entry) => entry.market === market);

export const cityById = (id: string | null | undefined): City | undefined => CITIES.find((entry) => entry.id === id);

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The bundled city closest to a position (any market). */
export function nearestCity(position: { lat: number; lng: number }): City {
  let best = CITIES[0];
  let bestDistance = Infinity;
  for (const candidate of CITIES) {
    const distance = distanceKm(position, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
