/**
 * Address search (spec 3 §2 "address search with map", §8 "No address found", "Address not
 * found, check spelling and add street and number"): a client of the Nominatim search API
 * (`GET {GEOCODER_URL}/search?format=jsonv2&addressdetails=1&q=…`), self-hostable; production
 * points GEOCODER_URL at a real Nominatim (README "Address search"). The caller puts the client's
 * own branches first (repositories/fieldSales/addresses.ts).
 */
import type { AddressCandidate } from '@lp/shared/contract';

interface NominatimAddress {
  house_number?: string;
  road?: string;
  pedestrian?: string;
  suburb?: string;
  neighbourhood?: string;
  quarter?: string;
  city?: string;
  town?: string;
  village?: string;
  municipality?: string;
  state?: string;
  postcode?: string;
}
interface NominatimPlace {
  osm_type?: string;
  osm_id?: number | string;
  lat?: string;
  lon?: string;
  display_name?: string;
  address?: NominatimAddress;
}

export type GeocoderAnswer =
  | { kind: 'found'; candidates: AddressCandidate[] }
  /** places matched but none is a street address (a city, a region) */
  | { kind: 'not_a_street' }
  | { kind: 'none' }
  | { kind: 'unavailable' };

const OSM_TYPE: Record<string, string> = { node: 'N', way: 'W', relation: 'R' };

function toCandidate(p: NominatimPlace): AddressCandidate | null {
  const type = OSM_TYPE[p.osm_type ?? ''];
  const lat = Number(p.lat), lng = Number(p.lon);
  const a = p.address ?? {};
  const road = a.road ?? a.pedestrian;
  if (!type || p.osm_id === undefined || !/^\d+$/.test(String(p.osm_id)) || !Number.isFinite(lat) || !Number.isFinite(lng) || !road) return null;
  return {
    label: p.display_name ?? road,
    source: 'geocoder',
    place_ref: `osm:${type}:${p.osm_id}`,
    postal_code: a.postcode ?? null,
    address: road,
    number: a.house_number ?? null,
    complement: null,
    neighborhood: a.suburb ?? a.neighbourhood ?? a.quarter ?? null,
    city: a.city ?? a.town ?? a.village ?? a.municipality ?? null,
    state: a.state ?? null,
    latitude: lat,
    longitude: lng,
  };
}

/** Searches `q` at the geocoder; never throws (an unreachable service answers 'unavailable'). */
export async function geocode(baseUrl: string, q: string, language: string, limit = 8): Promise<GeocoderAnswer> {
  const url = new URL(`${baseUrl}/search`);
  url.search = new URLSearchParams({ q, format: 'jsonv2', addressdetails: '1', limit: String(limit), 'accept-language': language }).toString();
  let places: unknown;
  try {
    // Nominatim's usage policy asks for an identifying User-Agent
    const res = await fetch(url, { headers: { 'user-agent': 'learning-platform field-sales address search', accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) return { kind: 'unavailable' };
    places = await res.json();
  } catch {
    return { kind: 'unavailable' };
  }
  if (!Array.isArray(places) || places.length === 0) return { kind: 'none' };
  const candidates = (places as NominatimPlace[]).map(toCandidate).filter((c): c is AddressCandidate => c !== null);
  return candidates.length ? { kind: 'found', candidates } : { kind: 'not_a_street' };
}
