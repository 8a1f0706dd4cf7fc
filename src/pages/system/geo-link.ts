// The place of /system/open-location?name=&address=&lat=&lng=, read from the query, and its
// `geo:` link (RFC 5870 plus the common `q` label), which opens the device's maps app.

export interface Place {
  name: string;
  address: string;
  /** Null when lat/lng are missing or out of range. */
  coordinates: { lat: number; lng: number } | null;
}

function coordinate(value: string | null, limit: number): number | null {
  if (value === null || value.trim() === "") return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

export function placeFromQuery(query: URLSearchParams): Place {
  const lat = coordinate(query.get("lat"), 90);
  const lng = coordinate(query.get("lng"), 180);
  return {
    name: query.get("name")?.trim() ?? "",
    address: query.get("address")?.trim() ?? "",
    coordinates: lat !== null && lng !== null ? { lat, lng } : null,
  };
}

/** geo:lat,lng?q=lat,lng(name), or geo:0,0?q=address without coordinates; null: nothing to open. */
export function geoHref(place: Place): string | null {
  if (place.coordinates) {
    const { lat, lng } = place.coordinates;
    const label = place.name || place.address;
    return `geo:${lat},${lng}?q=${lat},${lng}${label ? encodeURIComponent(`(${label})`) : ""}`;
  }
  return place.address ? `geo:0,0?q=${encodeURIComponent(place.address)}` : null;
}
