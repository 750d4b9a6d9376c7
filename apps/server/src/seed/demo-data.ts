/**
 * Deterministic demo-member generator (pure: no I/O, no Math.random, no clock).
 * The same options always give byte-identical output; the PRNG is seeded from the site key.
 * Members are generated one after another from one stream, so the first N members of a
 * bigger `count` equal the members of a smaller `count` (given the same other options).
 */
import {
  type BODY_TYPES,
  type EYE_COLORS,
  type HAIR_COLORS,
  INTERESTS,
  type Interest,
  type RELATIONSHIP_STATUSES,
} from '@amora/contracts';
import { REGION_DATA } from './regions.ts';

export type DemoLanguage = 'en' | 'nl' | 'de' | 'it' | 'fr' | 'es' | 'pl';
export type Niche = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export type Gender = 'male' | 'female';
export type Seeking = 'male' | 'female' | 'both';
export type Sexuality = 'hetero' | 'gay' | 'lesbian' | 'bi';
export type HairColor = (typeof HAIR_COLORS)[number];
export type EyeColor = (typeof EYE_COLORS)[number];
export type BodyType = (typeof BODY_TYPES)[number];
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
export type SignupReason = 'relationship' | 'friendship' | 'flirt' | 'chat';

export interface PortraitSpec {
  /** Identity of the face (shape, features); all portraits of one member share it. */
  seed: number;
  gender: Gender;
  age: number;
  /** 0 (lightest) to 5 (darkest). */
  skinTone: number;
  /** A HAIR_COLORS key. */
  hairColor: string;
  /** Female 0-6: long straight, long wavy, bob, ponytail, bun, curly, pixie. Male 0-5: short, buzz, side part, curly, bald/receding, quiff. */
  hairStyle: number;
  /** 0-9: background palette. */
  background: number;
  glasses: boolean;
  beard: boolean;
}

export interface DemoMember {
  id: string;
  email: string;
  name: string;
  gender: Gender;
  seeking: Seeking;
  sexuality: Sexuality;
  birthDate: string;
  country: string;
  region: string;
  city: string;
  about: string;
  interests: Interest[];
  hairColor: HairColor;
  eyeColor: EyeColor;
  bodyType: BodyType;
  relationshipStatus: RelationshipStatus;
  tattoos: boolean;
  signupReason: SignupReason;
  signupDaysAgo: number;
  lastActiveMinutesAgo: number;
  portraits: PortraitSpec[];
}

export interface DemoOptions {
  siteKey: string;
  language: DemoLanguage;
  countries: string[];
  niche: Niche;
  count: number;
  now: Date;
}

export const DEMO_EMAIL_DOMAIN = 'demo.amora.test';
export const FEMALE_HAIR_STYLES = 7;
export const MALE_HAIR_STYLES = 6;
export const BACKGROUND_COUNT = 10;

// ---------------------------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------------------------

export type Rng = () => number;

/** cyrb128: four independent 32-bit hashes of a string. */
function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/**
 * Seeded PRNG returning floats in [0, 1): sfc32 with a 128-bit state from a cyrb128 string hash.
 * (A 128-bit state, unlike mulberry32's 32 bits, keeps streams of different sites from overlapping,
 * which matters because member ids are drawn from it and are primary keys across all sites.)
 */
export function createRng(seed: string): Rng {
  let [a, b, c, d] = cyrb128(seed);
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from empty list');
  return items[Math.floor(rng() * items.length)]!;
}

function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, w] of entries) total += w;
  let r = rng() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

function uuidV4(rng: Rng): string {
  const bytes: number[] = [];
  for (let i = 0; i < 16; i++) bytes.push(Math.floor(rng() * 256));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Whole years between a 'YYYY-MM-DD' birth date and `now` (UTC). */
export function ageAt(birthDate: string, now: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const nm = now.getUTCMonth() + 1;
  const nd = now.getUTCDate();
  if (nm < m || (nm === m && nd < d)) age--;
  return age;
}

/** A birth date giving exactly `age` at `now`. */
function birthDateFor(rng: Rng, age: number, now: Date): string {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const anchor = Date.UTC(y - age, m, m === 1 && d === 29 ? 28 : d);
  // 0..360 days back from the latest possible birthday stays within one year of age.
  return new Date(anchor - int(rng, 0, 360) * DAY_MS).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Demographics
// ---------------------------------------------------------------------------------------------

type Range = readonly [number, number];

const BASE_AGES: readonly (readonly [Range, number])[] = [
  [[18, 24], 10],
  [[25, 34], 28],
  [[35, 44], 26],
  [[45, 50], 14],
  [[51, 60], 14],
  [[61, 70], 8],
];

function ageFor(rng: Rng, niche: Niche, gender: Gender): number {
  let table = BASE_AGES;
  if (niche === 5) {
    table =
      gender === 'female'
        ? [
            [[55, 64], 55],
            [[65, 70], 30],
            [[48, 54], 15],
          ]
        : [
            [[20, 34], 35],
            [[35, 49], 40],
            [[50, 70], 25],
          ];
  } else if (niche === 6) {
    table =
      gender === 'female'
        ? [
            [[35, 44], 45],
            [[45, 55], 42],
            [[30, 34], 8],
            [[56, 60], 5],
          ]
        : [
            [[18, 29], 35],
            [[30, 44], 40],
            [[45, 60], 25],
          ];
  }
  const [lo, hi] = weighted(rng, table);
  return int(rng, lo, hi);
}

const FEMALE_SHARE: Record<Niche, number> = { 1: 0.55, 2: 1, 3: 0.5, 4: 0.85, 5: 0.85, 6: 0.85, 7: 0 };

function orientationFor(rng: Rng, niche: Niche, gender: Gender): { sexuality: Sexuality; seeking: Seeking } {
  if (niche === 2) return { sexuality: chance(rng, 0.65) ? 'lesbian' : 'bi', seeking: 'female' };
  if (niche === 7) return { sexuality: chance(rng, 0.8) ? 'gay' : 'bi', seeking: 'male' };
  const [pHomo, pBi] = niche === 1 ? [0.06, 0.08] : niche === 3 ? [0.08, 0.22] : [0.03, 0.07];
  const r = rng();
  const opposite: Seeking = gender === 'female' ? 'male' : 'female';
  if (r < pHomo) return { sexuality: gender === 'female' ? 'lesbian' : 'gay', seeking: gender };
  if (r < pHomo + pBi) {
    const seeking = weighted<Seeking>(rng, [
      ['both', 70],
      [opposite, 20],
      [gender, 10],
    ]);
    return { sexuality: 'bi', seeking };
  }
  return { sexuality: 'hetero', seeking: opposite };
}

const SOUTH = new Set(['IT', 'ES', 'FR']);
const DIVERSE = new Set(['US', 'GB', 'CA', 'AU', 'NZ']);

function hairColorFor(rng: Rng, gender: Gender, age: number, country: string): HairColor {
  if (gender === 'male') {
    const pBald = age < 30 ? 0.01 : age < 45 ? 0.06 : age < 60 ? 0.14 : 0.2;
    if (chance(rng, pBald)) return 'bald';
  }
  const female = gender === 'female';
  if (age >= 60) {
    const r = rng();
    if (r < (female ? 0.15 : 0.22)) return 'white';
    if (r < (female ? 0.45 : 0.7)) return 'gray';
  } else if (age >= 50) {
    if (chance(rng, female ? 0.15 : 0.3)) return 'gray';
  } else if (age >= 40) {
    if (chance(rng, female ? 0.03 : 0.1)) return 'gray';
  }
  if (SOUTH.has(country)) {
    return weighted<HairColor>(rng, [
      ['blond', country === 'FR' ? 9 : 5],
      ['dark_blond', country === 'FR' ? 11 : 7],
      ['brunette', 20],
      ['brown', 20],
      ['dark_brown', 24],
      ['black', 18],
      ['red', 2],
      ['other', female ? 3 : 1],
    ]);
  }
  return weighted<HairColor>(rng, [
    ['blond', female ? 18 : 13],
    ['dark_blond', 18],
    ['brunette', 14],
    ['brown', 20],
    ['dark_brown', 14],
    ['black', DIVERSE.has(country) ? 12 : 7],
    ['red', country === 'IE' || country === 'GB' ? 9 : 4],
    ['other', female ? 4 : 1],
  ]);
}

function eyeColorFor(rng: Rng, country: string): EyeColor {
  if (SOUTH.has(country)) {
    return weighted<EyeColor>(rng, [
      ['blue', 12],
      ['green', 12],
      ['hazel', 18],
      ['brown', 58],
    ]);
  }
  return weighted<EyeColor>(rng, [
    ['blue', 38],
    ['green', 14],
    ['hazel', 14],
    ['brown', 34],
  ]);
}

function bodyTypeFor(rng: Rng, niche: Niche, gender: Gender, age: number): BodyType {
  if (niche === 4 && gender === 'female') {
    return weighted<BodyType>(rng, [
      ['fat', 88],
      ['normal', 12],
    ]);
  }
  if (age > 45) {
    return weighted<BodyType>(rng, [
      ['slim', 18],
      ['normal', 54],
      ['fat', 28],
    ]);
  }
  return weighted<BodyType>(rng, [
    ['slim', 30],
    ['normal', 52],
    ['fat', 18],
  ]);
}

function relationshipFor(rng: Rng, age: number): RelationshipStatus {
  if (age < 25) {
    return weighted<RelationshipStatus>(rng, [
      ['single', 82],
      ['unmarried', 12],
      ['living_together', 4],
      ['married', 1],
    ]);
  }
  if (age < 35) {
    return weighted<RelationshipStatus>(rng, [
      ['single', 62],
      ['unmarried', 18],
      ['divorced', 12],
      ['living_together', 4],
      ['married', 2],
    ]);
  }
  return weighted<RelationshipStatus>(rng, [
    ['single', 42],
    ['divorced', 30],
    ['unmarried', 13],
    ['widowed', age >= 55 ? 12 : age >= 45 ? 3 : 1],
    ['living_together', 3],
    ['married', 2],
  ]);
}

function signupReasonFor(rng: Rng, niche: Niche): SignupReason {
  if (niche === 3) {
    return weighted<SignupReason>(rng, [
      ['flirt', 40],
      ['chat', 25],
      ['relationship', 25],
      ['friendship', 10],
    ]);
  }
  if (niche === 5 || niche === 6) {
    return weighted<SignupReason>(rng, [
      ['flirt', 35],
      ['relationship', 30],
      ['chat', 20],
      ['friendship', 15],
    ]);
  }
  return weighted<SignupReason>(rng, [
    ['relationship', 45],
    ['flirt', 25],
    ['friendship', 15],
    ['chat', 15],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Interests
// ---------------------------------------------------------------------------------------------

const FEMALE_BOOST: readonly Interest[] = [
  'cuddling',
  'romance',
  'dancing',
  'yoga',
  'shopping',
  'wellness',
  'fashion',
  'cats',
  'reading',
  'theatre',
];
const MALE_BOOST: readonly Interest[] = [
  'football',
  'cars',
  'motorcycles',
  'gaming',
  'technology',
  'cycling',
  'sailing',
  'skiing',
];
const YOUNG_BOOST: readonly Interest[] = [
  'festivals',
  'nightlife',
  'gaming',
  'concerts',
  'fitness',
  'series',
];
const OLDER_BOOST: readonly Interest[] = [
  'gardening',
  'nature',
  'hiking',
  'wine',
  'cooking',
  'reading',
  'theatre',
  'museums',
  'volunteering',
];
const COMMON_BOOST: readonly Interest[] = [
  'travelling',
  'music',
  'movies',
  'dining_out',
  'cooking',
  'nature',
  'beach',
  'friendship',
  'coffee',
  'animals',
];

function interestsFor(rng: Rng, gender: Gender, age: number, reason: SignupReason, niche: Niche): Interest[] {
  const weights = new Map<Interest, number>();
  for (const key of INTERESTS) weights.set(key, 1);
  const boost = (keys: readonly Interest[], factor: number) => {
    for (const k of keys) weights.set(k, (weights.get(k) ?? 1) * factor);
  };
  boost(COMMON_BOOST, 2);
  boost(gender === 'female' ? FEMALE_BOOST : MALE_BOOST, 2.2);
  if (age < 32) boost(YOUNG_BOOST, 2.5);
  if (age >= 45) boost(OLDER_BOOST, 2.2);
  if (age >= 45) boost(['nightlife', 'festivals', 'gaming'], 0.3);
  if (reason === 'relationship') boost(['relationship', 'romance', 'cuddling'], 2.5);
  if (reason === 'flirt') boost(['flirting', 'kissing', 'nightlife'], 2.5);
  if (reason === 'friendship') boost(['friendship'], 3);
  if (niche === 3) boost(['massage', 'romance', 'wine', 'wellness'], 2);
  if (niche === 5 || niche === 6) boost(['wine', 'dining_out', 'wellness', 'romance'], 1.8);
  const count = weighted<number>(rng, [
    [3, 14],
    [4, 20],
    [5, 22],
    [6, 20],
    [7, 14],
    [8, 10],
  ]);
  const chosen: Interest[] = [];
  const pool = [...weights.entries()];
  while (chosen.length < count && pool.length > 0) {
    let total = 0;
    for (const [, w] of pool) total += w;
    let r = rng() * total;
    let idx = pool.length - 1;
    for (let i = 0; i < pool.length; i++) {
      r -= pool[i]![1];
      if (r < 0) {
        idx = i;
        break;
      }
    }
    chosen.push(pool[idx]![0]);
    pool.splice(idx, 1);
  }
  // Keep the canonical INTERESTS order, as a profile form would store them.
  return INTERESTS.filter((k) => chosen.includes(k));
}

// ---------------------------------------------------------------------------------------------
// Places
// ---------------------------------------------------------------------------------------------

/**
 * Rough populations (millions) used as region weights; the square root softens the spread so that
 * small regions still show up. Regions missing here weigh 1.
 */
export const REGION_POPULATION: Record<string, Record<string, number>> = {
  NL: {
    'Zuid-Holland': 3.8,
    'Noord-Holland': 2.9,
    'Noord-Brabant': 2.6,
    Gelderland: 2.1,
    Utrecht: 1.4,
    Overijssel: 1.2,
    Limburg: 1.1,
    Friesland: 0.65,
    Groningen: 0.59,
    Drenthe: 0.5,
    Flevoland: 0.43,
    Zeeland: 0.39,
  },
  BE: {
    Antwerpen: 1.9,
    'Oost-Vlaanderen': 1.5,
    Hainaut: 1.35,
    'West-Vlaanderen': 1.2,
    Brussel: 1.2,
    'Vlaams-Brabant': 1.15,
    Liège: 1.1,
    Limburg: 0.88,
    Namur: 0.5,
    'Brabant wallon': 0.41,
    Luxembourg: 0.29,
  },
  DE: {
    'Nordrhein-Westfalen': 18,
    Bayern: 13,
    'Baden-Württemberg': 11,
    Niedersachsen: 8,
    Hessen: 6.3,
    Sachsen: 4.1,
    'Rheinland-Pfalz': 4.1,
    Berlin: 3.7,
    'Schleswig-Holstein': 2.9,
    Brandenburg: 2.5,
    'Sachsen-Anhalt': 2.2,
    Thüringen: 2.1,
    Hamburg: 1.9,
    'Mecklenburg-Vorpommern': 1.6,
    Saarland: 1,
    Bremen: 0.7,
  },
  AT: {
    Wien: 2,
    Niederösterreich: 1.7,
    Oberösterreich: 1.5,
    Steiermark: 1.25,
    Tirol: 0.77,
    Kärnten: 0.56,
    Salzburg: 0.56,
    Vorarlberg: 0.4,
    Burgenland: 0.3,
  },
  CH: {
    Zürich: 1.55,
    Bern: 1.04,
    Vaud: 0.82,
    Aargau: 0.7,
    'St. Gallen': 0.52,
    Genève: 0.5,
    Luzern: 0.42,
    Ticino: 0.35,
    Valais: 0.35,
    Fribourg: 0.33,
    'Basel-Landschaft': 0.29,
    Thurgau: 0.28,
    Solothurn: 0.28,
    Graubünden: 0.2,
    'Basel-Stadt': 0.2,
    Neuchâtel: 0.18,
    Schwyz: 0.16,
    Zug: 0.13,
    Schaffhausen: 0.08,
    Jura: 0.07,
    'Appenzell Ausserrhoden': 0.055,
    Nidwalden: 0.044,
    Glarus: 0.041,
    Obwalden: 0.038,
    Uri: 0.037,
    'Appenzell Innerrhoden': 0.016,
  },
  PL: {
    Mazowieckie: 5.4,
    Śląskie: 4.4,
    Wielkopolskie: 3.5,
    Małopolskie: 3.4,
    Dolnośląskie: 2.9,
    Łódzkie: 2.4,
    Pomorskie: 2.3,
    Podkarpackie: 2.1,
    Lubelskie: 2,
    'Kujawsko-Pomorskie': 2,
    Zachodniopomorskie: 1.7,
    'Warmińsko-Mazurskie': 1.4,
    Świętokrzyskie: 1.2,
    Podlaskie: 1.2,
    Lubuskie: 1,
    Opolskie: 0.95,
  },
  FR: {
    'Île-de-France': 12.3,
    'Auvergne-Rhône-Alpes': 8.1,
    'Nouvelle-Aquitaine': 6.1,
    Occitanie: 6,
    'Hauts-de-France': 6,
    'Grand Est': 5.6,
    "Provence-Alpes-Côte d'Azur": 5.1,
    'Pays de la Loire': 3.9,
    Bretagne: 3.4,
    Normandie: 3.3,
    'Bourgogne-Franche-Comté': 2.8,
    'Centre-Val de Loire': 2.6,
    Corse: 0.35,
  },
  IT: {
    Lombardia: 10,
    Lazio: 5.7,
    Campania: 5.6,
    Sicilia: 4.8,
    Veneto: 4.8,
    'Emilia-Romagna': 4.4,
    Piemonte: 4.2,
    Puglia: 3.9,
    Toscana: 3.7,
    Calabria: 1.8,
    Sardegna: 1.6,
    Liguria: 1.5,
    Marche: 1.5,
    Abruzzo: 1.3,
    'Friuli-Venezia Giulia': 1.2,
    'Trentino-Alto Adige': 1.1,
    Umbria: 0.86,
    Basilicata: 0.54,
    Molise: 0.29,
    "Valle d'Aosta": 0.12,
  },
  ES: {
    Andalucía: 8.5,
    Catalunya: 7.8,
    'Comunidad de Madrid': 6.8,
    'Comunitat Valenciana': 5.1,
    Galicia: 2.7,
    'Castilla y León': 2.4,
    'País Vasco': 2.2,
    Canarias: 2.2,
    'Castilla-La Mancha': 2,
    'Región de Murcia': 1.5,
    Aragón: 1.3,
    'Illes Balears': 1.2,
    Extremadura: 1.05,
    Asturias: 1,
    Navarra: 0.66,
    Cantabria: 0.58,
    'La Rioja': 0.32,
  },
  GB: { England: 56, Scotland: 5.4, Wales: 3.1, 'Northern Ireland': 1.9 },
  IE: { Leinster: 2.9, Munster: 1.4, Connacht: 0.6, Ulster: 0.3 },
  CA: {
    Ontario: 15,
    Québec: 8.8,
    'British Columbia': 5.5,
    Alberta: 4.6,
    Manitoba: 1.4,
    Saskatchewan: 1.2,
    'Nova Scotia': 1,
    'New Brunswick': 0.8,
    'Newfoundland and Labrador': 0.5,
    'Prince Edward Island': 0.17,
    'Northwest Territories': 0.045,
    Yukon: 0.045,
    Nunavut: 0.04,
  },
  AU: {
    'New South Wales': 8.2,
    Victoria: 6.7,
    Queensland: 5.4,
    'Western Australia': 2.8,
    'South Australia': 1.8,
    Tasmania: 0.57,
    'Australian Capital Territory': 0.46,
    'Northern Territory': 0.25,
  },
  NZ: {
    Auckland: 1.8,
    Canterbury: 0.66,
    Wellington: 0.55,
    Waikato: 0.5,
    'Bay of Plenty': 0.35,
    'Manawatū-Whanganui': 0.26,
    Otago: 0.25,
    Northland: 0.2,
    "Hawke's Bay": 0.18,
    Taranaki: 0.13,
    Southland: 0.1,
    Tasman: 0.058,
    Nelson: 0.055,
    Gisborne: 0.052,
    Marlborough: 0.05,
    'West Coast': 0.033,
  },
  US: {
    California: 39,
    Texas: 30,
    Florida: 22,
    'New York': 19.6,
    Pennsylvania: 13,
    Illinois: 12.5,
    Ohio: 11.8,
    Georgia: 11,
    'North Carolina': 10.8,
    Michigan: 10,
    'New Jersey': 9.3,
    Virginia: 8.7,
    Washington: 7.8,
    Arizona: 7.4,
    Tennessee: 7,
    Massachusetts: 7,
    Indiana: 6.8,
    Missouri: 6.2,
    Maryland: 6.2,
    Wisconsin: 5.9,
    Colorado: 5.9,
    Minnesota: 5.7,
    'South Carolina': 5.3,
    Alabama: 5.1,
    Louisiana: 4.6,
    Kentucky: 4.5,
    Oregon: 4.2,
    Oklahoma: 4,
    Connecticut: 3.6,
    Utah: 3.4,
    Iowa: 3.2,
    Nevada: 3.2,
    Arkansas: 3,
    Mississippi: 2.9,
    Kansas: 2.9,
    'New Mexico': 2.1,
    Nebraska: 2,
    Idaho: 1.9,
    'West Virginia': 1.8,
    Hawaii: 1.4,
    'New Hampshire': 1.4,
    Maine: 1.4,
    Montana: 1.1,
    'Rhode Island': 1.1,
    Delaware: 1,
    'South Dakota': 0.9,
    'North Dakota': 0.78,
    Alaska: 0.73,
    Vermont: 0.65,
    Wyoming: 0.58,
  },
};

const CITY_WEIGHTS = [3, 1.6, 1.2, 1, 0.9, 0.8];

/**
 * Language mix of the regions of multilingual countries (BE, CH, CA): member names follow it, and
 * regions speaking the site's language are favoured (a Dutch site mostly shows Flemish Belgians).
 */
const REGION_LOCALES: Record<string, Record<string, readonly (readonly [NameLocale, number])[]>> = {
  BE: {
    Antwerpen: [['nl', 1]],
    Limburg: [['nl', 1]],
    'Oost-Vlaanderen': [['nl', 1]],
    'West-Vlaanderen': [['nl', 1]],
    'Vlaams-Brabant': [
      ['nl', 0.92],
      ['fr', 0.08],
    ],
    Brussel: [
      ['fr', 0.65],
      ['nl', 0.35],
    ],
    'Brabant wallon': [['fr', 1]],
    Hainaut: [['fr', 1]],
    Liège: [
      ['fr', 0.95],
      ['de', 0.05],
    ],
    Luxembourg: [['fr', 1]],
    Namur: [['fr', 1]],
  },
  CH: {
    Genève: [['fr', 1]],
    Vaud: [['fr', 1]],
    Neuchâtel: [['fr', 1]],
    Jura: [['fr', 1]],
    Valais: [
      ['fr', 0.7],
      ['de', 0.3],
    ],
    Fribourg: [
      ['fr', 0.65],
      ['de', 0.35],
    ],
    Ticino: [
      ['it', 0.92],
      ['de', 0.08],
    ],
  },
  CA: {
    Québec: [
      ['fr', 0.85],
      ['en', 0.15],
    ],
    'New Brunswick': [
      ['en', 0.65],
      ['fr', 0.35],
    ],
  },
};

/** Default language mix of a multilingual country's regions not listed above. */
const COUNTRY_LOCALES: Record<string, readonly (readonly [NameLocale, number])[]> = {
  BE: [['nl', 1]],
  CH: [
    ['de', 0.93],
    ['it', 0.04],
    ['fr', 0.03],
  ],
  CA: [
    ['en', 0.97],
    ['fr', 0.03],
  ],
};

function regionLocales(
  country: string,
  region: string,
): readonly (readonly [NameLocale, number])[] | undefined {
  return REGION_LOCALES[country]?.[region] ?? COUNTRY_LOCALES[country];
}

function placeFor(rng: Rng, country: string, language: DemoLanguage): { region: string; city: string } {
  const data = REGION_DATA[country];
  if (!data || data.regions.length === 0) return { region: '', city: '' };
  const pops = REGION_POPULATION[country] ?? {};
  const speaksSiteLanguage = (name: string) =>
    (regionLocales(country, name) ?? []).reduce((sum, [l, w]) => sum + (l === language ? w : 0), 0);
  const countryHasSiteLanguage = data.regions.some((r) => speaksSiteLanguage(r.name) > 0);
  const region = weighted(
    rng,
    data.regions.map(
      (r) =>
        [
          r,
          Math.sqrt(pops[r.name] ?? 1) * (countryHasSiteLanguage ? 0.25 + 3 * speaksSiteLanguage(r.name) : 1),
        ] as const,
    ),
  );
  const city = weighted(
    rng,
    region.cities.map((c, i) => [c, CITY_WEIGHTS[i] ?? 0.8] as const),
  );
  return { region: region.name, city };
}

function countryFor(rng: Rng, countries: readonly string[]): string {
  if (countries.length === 1) return countries[0]!;
  // The first listed country is the site's home market: 60% of the members live there.
  const rest = 0.4 / (countries.length - 1);
  return weighted(
    rng,
    countries.map((c, i) => [c, i === 0 ? 0.6 : rest] as const),
  );
}

/** Which naming tradition a member from `country` (and `region`) follows on a site in `language`. */
function nameLocaleFor(rng: Rng, country: string, region: string, language: DemoLanguage): NameLocale {
  const mix = regionLocales(country, region);
  if (mix) return weighted(rng, mix);
  switch (country) {
    case 'US':
    case 'GB':
    case 'IE':
    case 'AU':
    case 'NZ':
      return 'en';
    case 'NL':
      return 'nl';
    case 'DE':
    case 'AT':
      return 'de';
    case 'PL':
      return 'pl';
    case 'FR':
      return 'fr';
    case 'IT':
      return 'it';
    case 'ES':
      return 'es';
    default:
      return language;
  }
}

function skinToneFor(rng: Rng, country: string): number {
  const w = SOUTH.has(country)
    ? [14, 30, 30, 14, 8, 4]
    : DIVERSE.has(country)
      ? [24, 28, 18, 13, 10, 7]
      : [28, 34, 19, 10, 6, 3];
  return weighted(
    rng,
    w.map((x, i) => [i, x] as const),
  );
}

// ---------------------------------------------------------------------------------------------
// Names, usernames, e-mail addresses
// ---------------------------------------------------------------------------------------------

const FOLD: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  ß: 'ss',
  æ: 'ae',
  Æ: 'Ae',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'Oe',
};

/** ASCII letters and digits only ('Łukasz' -> 'Lukasz', 'Jean-Luc' -> 'JeanLuc', 'de Vries' -> 'deVries'). */
export function asciiFold(s: string): string {
  return s
    .replace(/[łŁßæÆøØœŒ]/g, (c) => FOLD[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '');
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function femininePolish(surname: string): string {
  return surname.replace(/(ski|cki|dzki)$/, (m) => `${m.slice(0, -1)}a`);
}

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,19}$/;

function usernameFor(
  rng: Rng,
  taken: Set<string>,
  p: { first: string; surname: string; birthYear: number; city: string; gender: Gender; locale: NameLocale },
): string {
  const F = capitalize(asciiFold(p.first)).slice(0, 14);
  const S = capitalize(asciiFold(p.surname.split(' ').pop() ?? p.surname)).slice(0, 12);
  const Sfull = capitalize(asciiFold(p.surname)).slice(0, 14);
  const I = S.charAt(0) || 'X';
  const yy = String(p.birthYear % 100).padStart(2, '0');
  const C = asciiFold(p.city).slice(0, 12);
  const adjectives = USERNAME_ADJECTIVES[p.locale][p.gender === 'female' ? 'f' : 'm'];
  const variant = weighted<number>(rng, [
    [0, 14],
    [1, 12],
    [2, 10],
    [3, 8],
    [4, C ? 7 : 0],
    [5, 6],
    [6, 6],
    [7, 6],
    [8, 5],
    [9, 5],
    [10, 3],
  ]);
  let name: string;
  switch (variant) {
    case 0:
      name = `${F}_${yy}`;
      break;
    case 1:
      name = `${F}${I}${yy}`;
      break;
    case 2:
      name = `${pick(rng, adjectives)}${F}`;
      break;
    case 3:
      name = `${F.toLowerCase()}${int(rng, 1, 999)}`;
      break;
    case 4:
      name = `${F}_${C}`;
      break;
    case 5:
      name = `${F}${Sfull}`;
      break;
    case 6:
      name = `${F}_${I}`;
      break;
    case 7:
      name = `${F}${p.birthYear}`;
      break;
    case 8:
      name = `${F.toLowerCase()}_${S.toLowerCase()}`;
      break;
    case 9:
      name = `${F}${I}`;
      break;
    default:
      name = F;
  }
  if (name.length > 20) name = `${F.slice(0, 12)}_${yy}`;
  if (name.length < 3) name = `${name}_${yy}`;
  let candidate = name;
  let tries = 0;
  while (taken.has(candidate.toLowerCase()) || !USERNAME_PATTERN.test(candidate)) {
    tries++;
    const suffix = String(int(rng, tries < 10 ? 1 : 100, tries < 10 ? 99 : 99_999));
    candidate = `${name.slice(0, 20 - suffix.length)}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

function emailFor(rng: Rng, taken: Set<string>, first: string, surname: string): string {
  const f = asciiFold(first).toLowerCase().slice(0, 20) || 'member';
  const s = (
    asciiFold(surname.split(' ').pop() ?? '')
      .toLowerCase()
      .charAt(0) || 'x'
  ).slice(0, 1);
  for (;;) {
    const email = `${f}.${s}.${int(rng, 1000, 9999)}@${DEMO_EMAIL_DOMAIN}`;
    if (!taken.has(email)) {
      taken.add(email);
      return email;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// About-me texts
// ---------------------------------------------------------------------------------------------

interface TextContext {
  gender: Gender;
  seeking: Seeking;
  niche: Niche;
  age: number;
  status: RelationshipStatus;
  interests: readonly Interest[];
  first: string;
  city: string;
}

function fits(f: Frag, c: TextContext): boolean {
  if (f.g && f.g !== c.gender) return false;
  if (f.seek && f.seek !== c.seeking) return false;
  if (f.niche && !f.niche.includes(c.niche)) return false;
  if (f.minAge !== undefined && c.age < f.minAge) return false;
  if (f.maxAge !== undefined && c.age > f.maxAge) return false;
  if (f.status && !f.status.includes(c.status)) return false;
  if (!c.city && (typeof f.t === 'string' ? f.t : f.t.f).includes('{city}')) return false;
  return true;
}

function plYears(n: number): string {
  if (n === 1) return 'rok';
  const d = n % 10;
  const t = n % 100;
  return d >= 2 && d <= 4 && !(t >= 12 && t <= 14) ? 'lata' : 'lat';
}

function renderFrag(f: Frag, c: TextContext, lang: DemoLanguage): string {
  const raw = typeof f.t === 'string' ? f.t : c.gender === 'female' ? f.t.f : f.t.m;
  let out = raw
    .replaceAll('{name}', c.first)
    .replaceAll('{city}', c.city)
    .replaceAll('{ageWord}', `${c.age} ${plYears(c.age)}`)
    .replaceAll('{age}', String(c.age));
  if (lang === 'fr') {
    out = out
      .replace(/\bà Le /g, 'au ')
      .replace(/\bà Les /g, 'aux ')
      .replace(/ ([!?;:])/g, '\u00a0$1');
  }
  return out;
}

function aboutFor(rng: Rng, lang: DemoLanguage, c: TextContext): string {
  const t: AboutLang = ABOUT[lang];
  const from = (list: readonly Frag[]) => list.filter((f) => fits(f, c));
  const parts: Frag[] = [];
  const nicheLooks = from(t.look).filter((f) => f.niche);
  const looks = from(t.look);
  const hobbies = from(t.hobby).filter((f) => f.tags?.some((k) => c.interests.includes(k)));
  const general = from(t.hobby).filter((f) => !f.tags);

  const withOpener = chance(rng, 0.7);
  const withSelf = chance(rng, 0.65);
  const withHobby = chance(rng, 0.75);
  const withLook = chance(rng, 0.9);
  const withClose = chance(rng, 0.35);

  if (withOpener) parts.push(pick(rng, from(t.open)));
  if (withSelf) parts.push(pick(rng, from(t.self)));
  if (withHobby || parts.length === 0) {
    const h = hobbies.length > 0 && chance(rng, 0.85) ? pick(rng, hobbies) : pick(rng, general);
    parts.push(h);
    const second = hobbies.filter((x) => x !== h);
    if (!withSelf && second.length > 0 && chance(rng, 0.4)) parts.push(pick(rng, second));
  }
  if (withLook || parts.length < 2) {
    parts.push(nicheLooks.length > 0 && chance(rng, 0.8) ? pick(rng, nicheLooks) : pick(rng, looks));
  }
  if (withClose && parts.length < 4) parts.push(pick(rng, from(t.close)));
  const texts = parts.map((f) => renderFrag(f, c, lang));
  // At most four sentences (some fragments hold two, like "Curious? Just say hi."): drop middle parts.
  while (texts.length > 1 && countSentences(texts.join(' ')) > MAX_SENTENCES) {
    texts.splice(texts.length > 2 ? 1 : 0, 1);
  }
  return texts.join(' ');
}

const MAX_SENTENCES = 4;

/** Sentences in a text: terminators followed by a space or the end ("St. Gallen" is no sentence end). */
export function countSentences(text: string): number {
  return (text.replace(/\bSt\. /g, 'St ').match(/[.!?…]+(?=\s|$)/g) ?? []).length;
}

// ---------------------------------------------------------------------------------------------
// Activity and portraits
// ---------------------------------------------------------------------------------------------

function signupDaysAgoFor(rng: Rng): number {
  const x = rng();
  return 1 + Math.floor(x * x * 1095);
}

function lastActiveFor(rng: Rng, signupDaysAgo: number): number {
  const minutes = weighted<Range>(rng, [
    [[0, 15], 15],
    [[16, 1440], 25],
    [[1441, 10_080], 30],
    [[10_081, 43_200], 20],
    [[43_201, 259_200], 10],
  ]);
  return Math.min(int(rng, minutes[0], minutes[1]), signupDaysAgo * 1440);
}

function hairStyleFor(rng: Rng, gender: Gender, age: number, hair: HairColor): number {
  if (gender === 'male') {
    if (hair === 'bald') return 4;
    return weighted<number>(rng, [
      [0, 30],
      [1, age < 50 ? 16 : 10],
      [2, age >= 35 ? 22 : 14],
      [3, age < 40 ? 12 : 4],
      [4, age >= 45 ? 14 : 2],
      [5, age < 40 ? 14 : 5],
    ]);
  }
  // long straight, long wavy, bob, ponytail, bun, curly, pixie
  return weighted<number>(rng, [
    [0, age < 45 ? 22 : 8],
    [1, age < 50 ? 18 : 10],
    [2, age < 40 ? 10 : 22],
    [3, age < 40 ? 14 : 5],
    [4, age < 40 ? 8 : 14],
    [5, 12],
    [6, age < 40 ? 4 : 16],
  ]);
}

function portraitsFor(
  rng: Rng,
  m: { gender: Gender; age: number; country: string; hairColor: HairColor },
): PortraitSpec[] {
  const count = weighted<number>(rng, [
    [1, 35],
    [2, 30],
    [3, 20],
    [4, 15],
  ]);
  const seed = Math.floor(rng() * 4294967296) >>> 0;
  const skinTone = skinToneFor(rng, m.country);
  const hairStyle = hairStyleFor(rng, m.gender, m.age, m.hairColor);
  const glasses = chance(rng, m.age < 40 ? 0.15 : m.age < 55 ? 0.3 : 0.5);
  const beard = m.gender === 'male' && chance(rng, m.age < 25 ? 0.3 : 0.45);
  const firstBackground = int(rng, 0, BACKGROUND_COUNT - 1);
  const out: PortraitSpec[] = [];
  for (let i = 0; i < count; i++) {
    out.push({
      seed,
      gender: m.gender,
      age: m.age,
      skinTone,
      hairColor: m.hairColor,
      hairStyle,
      background: (firstBackground + i * 3) % BACKGROUND_COUNT,
      glasses,
      beard,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Generator
// ---------------------------------------------------------------------------------------------

export function generateDemoMembers(opts: DemoOptions): DemoMember[] {
  const { language, niche, now } = opts;
  if (!ABOUT[language]) throw new Error(`unsupported demo language: ${language}`);
  if (!Number.isInteger(niche) || niche < 1 || niche > 7) throw new Error(`invalid niche: ${niche}`);
  if (!Number.isFinite(now.getTime())) throw new Error('invalid now');
  const countries = opts.countries.map((c) => c.toUpperCase());
  if (countries.length === 0) throw new Error('at least one country is required');
  const count = Math.max(0, Math.floor(opts.count));

  const rng = createRng(`amora-demo:${opts.siteKey}`);
  const names = new Set<string>();
  const emails = new Set<string>();
  const members: DemoMember[] = [];

  for (let i = 0; i < count; i++) {
    const id = uuidV4(rng);
    const gender: Gender = chance(rng, FEMALE_SHARE[niche]) ? 'female' : 'male';
    const { sexuality, seeking } = orientationFor(rng, niche, gender);
    const age = ageFor(rng, niche, gender);
    const birthDate = birthDateFor(rng, age, now);
    const country = countryFor(rng, countries);
    const { region, city } = placeFor(rng, country, language);
    const locale = nameLocaleFor(rng, country, region, language);
    const pool = NAMES[locale];
    const byGender = gender === 'female' ? pool.f : pool.m;
    // Older members mostly carry the names of their generation.
    const classicShare = age >= 45 ? 0.93 : age >= 33 ? 0.5 : 0.1;
    const first = pick(rng, chance(rng, classicShare) ? byGender.classic : byGender.young);
    let surname = pick(rng, pool.surnames);
    if (locale === 'pl' && gender === 'female') surname = femininePolish(surname);
    const name = usernameFor(rng, names, {
      first,
      surname,
      birthYear: Number(birthDate.slice(0, 4)),
      city,
      gender,
      locale,
    });
    const email = emailFor(rng, emails, first, surname);
    const hairColor = hairColorFor(rng, gender, age, country);
    const eyeColor = eyeColorFor(rng, country);
    const bodyType = bodyTypeFor(rng, niche, gender, age);
    const relationshipStatus = relationshipFor(rng, age);
    const tattoos = chance(rng, (age < 35 ? 0.35 : age < 50 ? 0.25 : 0.12) + (niche === 3 ? 0.15 : 0));
    const signupReason = signupReasonFor(rng, niche);
    const interests = interestsFor(rng, gender, age, signupReason, niche);
    const about = aboutFor(rng, language, {
      gender,
      seeking,
      niche,
      age,
      status: relationshipStatus,
      interests,
      first,
      city,
    });
    const signupDaysAgo = signupDaysAgoFor(rng);
    const lastActiveMinutesAgo = lastActiveFor(rng, signupDaysAgo);
    const portraits = portraitsFor(rng, { gender, age, country, hairColor });
    members.push({
      id,
      email,
      name,
      gender,
      seeking,
      sexuality,
      birthDate,
      country,
      region,
      city,
      about,
      interests,
      hairColor,
      eyeColor,
      bodyType,
      relationshipStatus,
      tattoos,
      signupReason,
      signupDaysAgo,
      lastActiveMinutesAgo,
      portraits,
    });
  }
  return members;
}

// ---------------------------------------------------------------------------------------------
// Text data: first names, surnames and about-me fragments per language
// ---------------------------------------------------------------------------------------------

export type NameLocale = DemoLanguage;

export interface NamePool {
  f: { young: readonly string[]; classic: readonly string[] };
  m: { young: readonly string[]; classic: readonly string[] };
  surnames: readonly string[];
}

const w = (s: string): string[] => s.trim().split(/\s*,\s*/);

/** `young` names are common among people under ~35, `classic` among older members. */
export const NAMES: Record<NameLocale, NamePool> = {
  en: {
    f: {
      young:
        w(`Emma, Olivia, Sophie, Emily, Charlotte, Amelia, Jessica, Hannah, Lucy, Grace, Chloe, Ella, Megan,
        Lauren, Holly, Georgia, Ellie, Abigail, Madison, Ashley, Natalie, Samantha, Zoe, Isla, Freya, Ruby, Poppy,
        Mia, Ava, Harper, Brooke, Taylor, Caitlin, Aoife, Niamh, Tegan, Kayla, Jasmine, Alyssa, Sienna`),
      classic: w(`Sarah, Laura, Rachel, Amy, Katie, Rebecca, Jennifer, Michelle, Amanda, Stephanie, Nicole,
        Melissa, Heather, Kimberly, Lisa, Karen, Susan, Linda, Patricia, Barbara, Deborah, Sandra, Donna, Carol,
        Julie, Helen, Claire, Joanne, Nicola, Kelly, Victoria, Siobhan, Maeve, Kirsty, Fiona, Margaret, Janet,
        Diane, Wendy, Gillian, Christine, Angela, Tracey, Denise`),
    },
    m: {
      young: w(`Oliver, Jack, Harry, George, Noah, Charlie, Jacob, Thomas, Oscar, William, James, Ethan, Liam,
        Mason, Logan, Lucas, Alexander, Benjamin, Samuel, Joshua, Daniel, Ryan, Tyler, Dylan, Nathan, Connor,
        Callum, Jamie, Lewis, Owen, Aidan, Cian, Jayden, Austin, Cody, Brandon, Kyle, Luke, Max, Finn`),
      classic:
        w(`David, Michael, John, Robert, Richard, Mark, Paul, Steven, Andrew, Peter, Christopher, Matthew,
        Kevin, Brian, Gary, Stephen, Anthony, Simon, Martin, Neil, Ian, Graham, Colin, Keith, Alan, Kenneth,
        Gregory, Jeffrey, Scott, Jason, Craig, Darren, Sean, Patrick, Declan, Gareth, Rhys, Dean, Wayne, Philip,
        Douglas, Stuart`),
    },
    surnames:
      w(`Smith, Johnson, Williams, Brown, Jones, Taylor, Wilson, Davies, Evans, Thomas, Roberts, Walker,
      Wright, Robinson, Thompson, White, Hughes, Edwards, Green, Hall, Wood, Harris, Clarke, Miller, Davis, Murphy,
      Kelly, Walsh, Byrne, Campbell, Anderson, Martin, Cooper, King, Baker, Turner, Parker, Collins, Stewart, Morris`),
  },
  nl: {
    f: {
      young: w(`Emma, Julia, Sophie, Lotte, Anna, Sanne, Lisa, Fleur, Eva, Sara, Iris, Noa, Tess, Zoë, Fenna,
        Lieke, Femke, Britt, Romy, Isa, Jasmijn, Maud, Roos, Anouk, Floor, Merel, Amber, Demi, Kim, Nina, Lynn,
        Esmee, Naomi, Daphne, Elise, Laura, Vera, Puck, Evi, Yara`),
      classic:
        w(`Anja, Marieke, Ingrid, Petra, Monique, Wendy, Sandra, Linda, Mirjam, Esther, Astrid, Marjolein,
        Karin, Yvonne, Ellen, Annemarie, Jolanda, Saskia, Miranda, Marleen, Hilde, Els, Ria, Annelies, Carla, Joke,
        Gerda, Anita, Jacqueline, Patricia, Brenda, Ilse, Mariska, Nicole, Manon, Bianca, Chantal, Inge, Renate,
        Tineke`),
    },
    m: {
      young:
        w(`Daan, Sem, Lucas, Levi, Finn, Milan, Jesse, Thijs, Bram, Lars, Ruben, Tim, Stijn, Thomas, Niels,
        Jasper, Sven, Bas, Koen, Wouter, Joris, Teun, Gijs, Luuk, Jelle, Tom, Max, Rik, Mees, Sander, Robin, Dennis,
        Kevin, Mike, Joost, Pim, Tijn, Jens, Siem, Floris`),
      classic: w(`Jan, Peter, Kees, Henk, Marco, Erik, Richard, Johan, Frank, Hans, Gerard, Wim, Rob, Martijn,
        Arjen, Remco, Ronald, Edwin, Patrick, Michel, Erwin, Mark, Paul, Jeroen, Bart, Dirk, Marcel, Hendrik, Ad,
        Ruud, Sjoerd, Vincent, Maarten, Pieter, Gert, Leon, Rutger, Bert, Theo, Willem`),
    },
    surnames: w(`de Jong, Jansen, de Vries, van den Berg, van Dijk, Bakker, Janssen, Visser, Smit, Meijer,
      de Boer, Mulder, de Groot, Bos, Vos, Peters, Hendriks, van Leeuwen, Dekker, Brouwer, de Wit, Dijkstra,
      Smits, de Graaf, van der Meer, Kok, Jacobs, Vermeulen, Maes, Peeters, Claes, Willems, Goossens, Wouters`),
  },
  de: {
    f: {
      young: w(`Lena, Leonie, Anna, Laura, Lea, Sarah, Julia, Hannah, Lisa, Sophie, Marie, Johanna, Emma, Mia,
        Lara, Jana, Katharina, Vanessa, Jessica, Jasmin, Luisa, Clara, Paula, Nele, Carina, Franziska, Theresa,
        Annika, Svenja, Kim, Celina, Pia, Alina, Melanie, Janina, Nina, Miriam, Vivien, Selina, Lina`),
      classic:
        w(`Sabine, Petra, Andrea, Claudia, Susanne, Monika, Birgit, Karin, Heike, Stefanie, Nicole, Anja,
        Kerstin, Martina, Gabriele, Ute, Renate, Silke, Manuela, Ingrid, Sandra, Tanja, Daniela, Christine,
        Simone, Doris, Elke, Angelika, Brigitte, Bettina, Katrin, Ulrike, Jutta, Gisela, Cornelia, Marion, Beate,
        Iris, Yvonne, Eva`),
    },
    m: {
      young:
        w(`Lukas, Leon, Jonas, Finn, Paul, Felix, Maximilian, Luca, Tim, Jan, Niklas, Philipp, Moritz, Julian,
        Tobias, Florian, David, Fabian, Simon, Kevin, Dennis, Marcel, Sebastian, Patrick, Dominik, Jannik, Elias,
        Noah, Ben, Nico, Lennart, Marvin, Pascal, Benedikt, Valentin, Jakob, Matthias, Daniel, Kai, Robin`),
      classic:
        w(`Thomas, Michael, Andreas, Stefan, Frank, Markus, Christian, Klaus, Jürgen, Uwe, Wolfgang, Bernd,
        Ralf, Peter, Jörg, Dirk, Holger, Hans, Dieter, Manfred, Helmut, Rainer, Torsten, Sven, Oliver, Martin,
        Thorsten, Karl, Werner, Gerhard, Heinz, Günter, Norbert, Harald, Volker, Rolf, Detlef, Armin, Bernhard,
        Georg, Alexander`),
    },
    surnames: w(`Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Schulz, Hoffmann, Schäfer,
      Koch, Bauer, Richter, Klein, Wolf, Schröder, Neumann, Schwarz, Zimmermann, Braun, Krüger, Hofmann,
      Hartmann, Lange, Huber, Gruber, Steiner, Moser, Berger`),
  },
  fr: {
    f: {
      young:
        w(`Emma, Léa, Chloé, Manon, Camille, Inès, Jade, Louise, Léna, Zoé, Lucie, Sarah, Clara, Juliette,
        Anaïs, Océane, Mathilde, Pauline, Marine, Laura, Justine, Élodie, Charlotte, Alice, Margaux, Lola, Noémie,
        Marion, Julie, Mélanie, Émilie, Audrey, Amandine, Aurélie, Coralie, Elsa, Romane, Jeanne, Agathe, Maëlle`),
      classic: w(`Nathalie, Isabelle, Sylvie, Catherine, Sophie, Valérie, Christine, Sandrine, Véronique,
        Florence, Stéphanie, Céline, Karine, Martine, Françoise, Brigitte, Patricia, Nadine, Corinne, Laurence,
        Virginie, Delphine, Hélène, Dominique, Chantal, Monique, Annie, Béatrice, Pascale, Muriel, Caroline, Anne,
        Claire, Agnès, Marie, Sabine, Évelyne, Josiane, Danielle, Fabienne`),
    },
    m: {
      young: w(`Lucas, Hugo, Louis, Nathan, Gabriel, Jules, Arthur, Enzo, Théo, Raphaël, Tom, Mathis, Maxime,
        Antoine, Alexandre, Thomas, Quentin, Kévin, Romain, Julien, Nicolas, Clément, Florian, Adrien, Baptiste,
        Valentin, Benjamin, Jérémy, Anthony, Guillaume, Pierre, Paul, Victor, Léo, Mathieu, Simon, Axel, Bastien,
        Dylan, Corentin`),
      classic: w(`Philippe, Christophe, Laurent, Stéphane, Frédéric, Olivier, Éric, Thierry, Pascal, Patrick,
        Didier, Jean, Michel, Alain, Bernard, Gérard, Daniel, Jacques, Serge, Bruno, Dominique, Franck, Sébastien,
        Vincent, Cédric, Emmanuel, Jean-Marc, Jean-Luc, Hervé, Yves, Denis, Marc, Gilles, Christian, Joël,
        Lionel, Fabrice, Régis, Rémi, François`),
    },
    surnames:
      w(`Martin, Bernard, Dubois, Thomas, Robert, Richard, Petit, Durand, Leroy, Moreau, Simon, Laurent,
      Lefebvre, Michel, Garcia, David, Bertrand, Roux, Vincent, Fournier, Morel, Girard, André, Mercier, Dupont,
      Lambert, Bonnet, François, Martinez, Legrand`),
  },
  it: {
    f: {
      young:
        w(`Giulia, Sofia, Aurora, Alice, Ginevra, Emma, Giorgia, Beatrice, Martina, Chiara, Sara, Francesca,
        Alessia, Valentina, Federica, Elisa, Giada, Ilaria, Camilla, Arianna, Noemi, Marta, Greta, Matilde, Bianca,
        Rebecca, Elena, Serena, Veronica, Jessica, Irene, Silvia, Michela, Claudia, Eleonora, Ludovica, Miriam,
        Vittoria, Anna, Gaia`),
      classic:
        w(`Maria, Giuseppina, Rosa, Lucia, Antonella, Patrizia, Daniela, Laura, Paola, Cristina, Monica,
        Barbara, Manuela, Roberta, Stefania, Simona, Tiziana, Raffaella, Sabrina, Alessandra, Loredana, Rita,
        Franca, Carla, Graziella, Donatella, Emanuela, Marina, Gabriella, Nadia, Luisa, Silvana, Lorena, Ornella,
        Rossella, Cinzia, Angela, Teresa, Giovanna, Marisa`),
    },
    m: {
      young:
        w(`Leonardo, Francesco, Alessandro, Lorenzo, Mattia, Andrea, Gabriele, Riccardo, Tommaso, Edoardo,
        Matteo, Davide, Federico, Luca, Marco, Simone, Giacomo, Nicolò, Filippo, Pietro, Samuele, Michele, Daniele,
        Stefano, Emanuele, Alessio, Christian, Jacopo, Diego, Manuel, Gianluca, Fabio, Cristian, Enrico, Elia,
        Giulio, Valerio, Mirko, Alberto, Nicola`),
      classic:
        w(`Giuseppe, Giovanni, Antonio, Mario, Luigi, Paolo, Franco, Roberto, Massimo, Claudio, Maurizio,
        Sergio, Giorgio, Salvatore, Vincenzo, Carlo, Bruno, Domenico, Pasquale, Enzo, Gianni, Angelo, Raffaele,
        Fabrizio, Sandro, Renato, Piero, Gianfranco, Marcello, Aldo, Rocco, Luciano, Walter, Alfredo, Ugo, Silvio,
        Dario, Ettore, Ottavio, Umberto`),
    },
    surnames:
      w(`Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno, Gallo,
      Conti, De Luca, Mancini, Costa, Giordano, Rizzo, Lombardi, Moretti, Barbieri, Fontana, Santoro, Mariani,
      Rinaldi, Caruso, Ferrara, Galli, Martini, Leone`),
  },
  es: {
    f: {
      young: w(`Lucía, Sofía, Martina, María, Paula, Julia, Daniela, Valeria, Alba, Emma, Carla, Sara, Noa,
        Claudia, Irene, Andrea, Laura, Marta, Nerea, Ainhoa, Lidia, Cristina, Elena, Natalia, Alicia, Raquel,
        Sandra, Rocío, Patricia, Silvia, Lorena, Beatriz, Miriam, Noelia, Aitana, Candela, Adriana, Inés, Vega,
        Olivia`),
      classic: w(`Carmen, Isabel, Ana, Pilar, Dolores, Josefa, Teresa, Rosa, Mercedes, Concha, Montserrat,
        Francisca, Antonia, Encarna, Manuela, Rosario, Inmaculada, Amparo, Esperanza, Begoña, Yolanda, Nuria,
        Susana, Mónica, Eva, Marisol, Margarita, Victoria, Gloria, Consuelo, Maite, Lourdes, Verónica, Sonia,
        Rebeca, Esther, Remedios, Milagros, Asunción, Matilde`),
    },
    m: {
      young:
        w(`Hugo, Martín, Lucas, Mateo, Leo, Daniel, Alejandro, Pablo, Álvaro, Adrián, David, Mario, Diego,
        Javier, Sergio, Marcos, Iván, Jorge, Rubén, Raúl, Carlos, Víctor, Óscar, Alberto, Gonzalo, Iker, Unai,
        Aitor, Izan, Samuel, Nicolás, Rodrigo, Guillermo, Jaime, Marc, Pol, Eric, Bruno, Álex, Manuel`),
      classic: w(`Antonio, José, Francisco, Juan, Miguel, Pedro, Ángel, Rafael, Fernando, Luis, Jesús, Ramón,
        Enrique, Andrés, Joaquín, Santiago, Emilio, Ignacio, Alfonso, Tomás, Vicente, Salvador, Agustín, Julián,
        Félix, Jordi, Xavier, Josep, Eduardo, Arturo, Gregorio, Felipe, Esteban, Ricardo, Marcelino, Roberto,
        Gabriel, Jaume, Domingo, Benito`),
    },
    surnames: w(`García, Rodríguez, González, Fernández, López, Martínez, Sánchez, Pérez, Gómez, Martín,
      Jiménez, Ruiz, Hernández, Díaz, Moreno, Muñoz, Álvarez, Romero, Alonso, Gutiérrez, Navarro, Torres,
      Domínguez, Vázquez, Ramos, Gil, Ramírez, Serrano, Blanco, Molina`),
  },
  pl: {
    f: {
      young: w(`Zuzanna, Julia, Zofia, Hanna, Maja, Lena, Alicja, Maria, Amelia, Oliwia, Wiktoria, Natalia,
        Aleksandra, Karolina, Paulina, Weronika, Martyna, Kinga, Klaudia, Patrycja, Dominika, Magdalena, Justyna,
        Sylwia, Monika, Joanna, Agnieszka, Katarzyna, Kamila, Emilia, Gabriela, Nikola, Marta, Izabela, Aneta,
        Ewelina, Daria, Milena, Sandra, Anna`),
      classic: w(`Barbara, Krystyna, Elżbieta, Małgorzata, Danuta, Jadwiga, Teresa, Irena, Grażyna, Halina,
        Bożena, Jolanta, Ewa, Beata, Dorota, Renata, Iwona, Mirosława, Wiesława, Urszula, Marzena, Lucyna,
        Stanisława, Henryka, Bogumiła, Janina, Wanda, Agata, Edyta, Anita, Wioletta, Kazimiera, Ilona, Jowita,
        Regina, Aldona, Lidia, Alina, Genowefa, Elwira`),
    },
    m: {
      young:
        w(`Jakub, Antoni, Jan, Szymon, Filip, Aleksander, Franciszek, Mikołaj, Wojciech, Kacper, Adam, Michał,
        Mateusz, Bartosz, Piotr, Dawid, Kamil, Łukasz, Tomasz, Marcin, Krzysztof, Paweł, Damian, Patryk, Rafał,
        Sebastian, Hubert, Igor, Oskar, Dominik, Karol, Maciej, Konrad, Daniel, Przemysław, Adrian, Grzegorz,
        Norbert, Radosław, Arkadiusz`),
      classic:
        w(`Andrzej, Stanisław, Józef, Tadeusz, Jerzy, Zbigniew, Ryszard, Marek, Henryk, Kazimierz, Janusz,
        Zdzisław, Czesław, Mirosław, Leszek, Władysław, Wiesław, Roman, Jacek, Dariusz, Mariusz, Artur, Sławomir,
        Waldemar, Bogdan, Edward, Eugeniusz, Zenon, Lech, Witold, Jarosław, Robert, Ireneusz, Bogusław, Krystian,
        Wacław, Zygmunt, Feliks, Leon, Stefan`),
    },
    surnames: w(`Nowak, Kowalski, Wiśniewski, Wójcik, Kowalczyk, Kamiński, Lewandowski, Zieliński, Szymański,
      Woźniak, Dąbrowski, Kozłowski, Jankowski, Mazur, Kwiatkowski, Krawczyk, Piotrowski, Grabowski, Nowakowski,
      Pawłowski, Michalski, Nowicki, Adamczyk, Dudek, Zając, Wieczorek, Jabłoński, Król, Majewski, Olszewski`),
  },
};

/** Username prefixes ('SunnyLisa', 'LieveAnja'): international favourites plus a few local ones. */
const USERNAME_ADJECTIVES: Record<NameLocale, { f: readonly string[]; m: readonly string[] }> = {
  en: {
    f: w('Sunny, Happy, Sweet, Little, Lucky, Dreamy, Wild, Lovely, Bubbly, Cosy'),
    m: w('Sunny, Happy, Lucky, Big, Cool, Wild, Easy, Gentle, Mister, Honest'),
  },
  nl: {
    f: w('Sunny, Happy, Sweet, Lucky, Lieve, Vrolijke, Zonnige'),
    m: w('Happy, Lucky, Cool, Big, Stoere, Lieve'),
  },
  de: {
    f: w('Sunny, Happy, Sweet, Lucky, Kleine, Liebe, Sonnige'),
    m: w('Happy, Lucky, Cool, Big, Netter, Lieber'),
  },
  fr: {
    f: w('Sunny, Happy, Sweet, Douce, Petite, Jolie, Belle'),
    m: w('Happy, Lucky, Cool, Beau, Gentil, Grand'),
  },
  it: {
    f: w('Sunny, Happy, Sweet, Dolce, Bella, Solare, Piccola'),
    m: w('Happy, Lucky, Cool, Bello, Dolce, Solare'),
  },
  es: {
    f: w('Sunny, Happy, Sweet, Dulce, Guapa, Linda, Bonita'),
    m: w('Happy, Lucky, Cool, Guapo, Dulce, Buen'),
  },
  pl: {
    f: w('Sunny, Happy, Sweet, Lucky, Wesola, Sloneczna, Mila'),
    m: w('Happy, Lucky, Cool, Big, Wesoly, Mily'),
  },
};

/** Sentence text; `{f, m}` when the wording depends on the writer's gender. */
export type Txt = string | { f: string; m: string };

/**
 * One about-me sentence. Placeholders: {name} first name, {city}, {age}, {ageWord} (Polish "34 lata").
 * Optional filters: tags (hobby sentences: the member has one of these interests), g (writer's gender),
 * seek (whom the writer seeks), niche, minAge/maxAge, status (relationship status).
 */
export interface Frag {
  t: Txt;
  tags?: readonly Interest[];
  g?: Gender;
  seek?: Seeking;
  niche?: readonly Niche[];
  minAge?: number;
  maxAge?: number;
  status?: readonly RelationshipStatus[];
}

export interface AboutLang {
  open: readonly Frag[];
  self: readonly Frag[];
  hobby: readonly Frag[];
  look: readonly Frag[];
  close: readonly Frag[];
}

const fr = (t: Txt, extra: Omit<Frag, 't'> = {}): Frag => ({ t, ...extra });
const hb = (tags: readonly Interest[], t: Txt): Frag => ({ t, tags });
const BDSM: readonly Niche[] = [3];

export const ABOUT: Record<DemoLanguage, AboutLang> = {
  en: {
    open: [
      fr("Hi, I'm {name}!"),
      fr('Hello there, {name} here.'),
      fr('Hey! Thanks for stopping by my profile.'),
      fr("Hi, I'm {name} from {city}."),
      fr('{age} years young and still curious about life.'),
      fr('So, a few words about me.'),
      fr('Writing about yourself is harder than it looks, but here goes.'),
      fr('New here and a little nervous, so be nice!'),
      fr("I live in {city} and I'm very happy here."),
    ],
    self: [
      fr("I'm a down-to-earth person with a good sense of humour."),
      fr('Friends describe me as loyal, warm and a little bit chaotic.'),
      fr("I love a good laugh and I don't take myself too seriously."),
      fr("I'm quite calm at first sight, but I can be very spontaneous."),
      fr('I work hard during the week and enjoy my weekends to the fullest.'),
      fr('Honesty matters a lot to me, and I expect the same in return.'),
      fr("My kids have left home, so now it's time for me.", { minAge: 45 }),
      fr("I'm still studying, but I always make time for fun.", { maxAge: 25 }),
      fr("Since my divorce I've learned a lot about what I really want.", { status: ['divorced'] }),
      fr("I'm retired and finally have time for everything I love.", { minAge: 62 }),
      fr("I'm a bit shy at first, but once I get to know you I talk a lot."),
      fr("I'm curvy and proud of it.", { g: 'female', niche: [4] }),
    ],
    hobby: [
      hb(['travelling'], 'I love travelling, and my next trip is already half planned.'),
      hb(['travelling'], "Give me a cheap flight and a city I've never seen, and I'm happy."),
      hb(['cooking'], "Cooking is how I relax, and I'm still looking for someone to taste my experiments."),
      hb(['wine', 'dining_out'], 'A glass of red wine and a good conversation make my evening.'),
      hb(['series', 'movies'], "On rainy evenings you'll find me on the couch with a good series."),
      hb(['reading', 'poetry'], 'I always have a book in my bag.'),
      hb(
        ['music', 'concerts', 'festivals'],
        'Music is a big part of my life, and I never say no to a concert.',
      ),
      hb(['dancing', 'nightlife'], "I can't resist a dance floor, even though I'm not a great dancer."),
      hb(['running', 'fitness'], 'I go running a few times a week to clear my head.'),
      hb(['cycling'], 'On Sundays I like to go for a long bike ride.'),
      hb(['hiking', 'nature'], 'I feel best outdoors, preferably on a long walk in the hills.'),
      hb(['dogs', 'animals'], "My dog is my best friend, so you'd better like dogs too."),
      hb(['cats', 'animals'], 'I share my home with a very spoiled cat.'),
      hb(['gardening'], 'My garden is my pride and joy.'),
      hb(['beach', 'swimming'], 'For me, summer means sun, sea and a good book on the beach.'),
      hb(
        ['photography', 'art'],
        "I'm always taking photos, especially of little things other people don't notice.",
      ),
      hb(['yoga', 'meditation', 'wellness'], 'Yoga helps me stay calm and balanced.'),
      hb(['football'], "I rarely miss a match, and I'm not ashamed to shout at the TV."),
      hb(['gaming', 'technology'], "I'm a bit of a geek and I enjoy gaming in the evenings."),
      hb(['motorcycles', 'cars'], 'Nothing beats a ride on my motorbike on a sunny day.'),
      hb(['coffee'], "I'm a morning person, but not before my first coffee."),
      hb(['theatre', 'museums'], 'I like theatre, museums and anything that makes me think.'),
      hb(['skiing'], 'Winter means skiing to me, and the more snow the better.'),
      hb(['camping'], 'I love camping, even when it rains.'),
      hb(['languages'], "I speak a few languages and I'm always learning a new one."),
      hb(['volunteering'], 'I volunteer for a local charity, which keeps me grounded.'),
      hb(['sailing'], 'In summer I spend as much time as I can on the water, sailing.'),
      hb(['tennis'], 'I play tennis twice a week and I hate losing.'),
      fr('I enjoy the simple things: a walk, a good meal, a nice chat.'),
      fr('My weekends are for friends, family and good food.'),
    ],
    look: [
      fr("I'm looking for someone honest to share the good moments with."),
      fr("I'd like to meet someone who can make me laugh."),
      fr("Let's start with a chat and see where it goes."),
      fr('No games, just genuine people please.'),
      fr("I'm not in a hurry; a real connection takes time."),
      fr('Age is just a number to me.', { minAge: 40 }),
      fr("I'm looking for a sweet woman who knows what she wants.", { seek: 'female' }),
      fr('I hope to meet a kind woman to share some adventures with.', { seek: 'female' }),
      fr("I'm looking for a man with a good heart and a sense of humour.", { seek: 'male' }),
      fr("I hope to meet a genuine man who isn't afraid to show his feelings.", { seek: 'male' }),
      fr("Man or woman, it's the person that counts.", { seek: 'both' }),
      fr("I'm open-minded and curious, and for me everything starts with respect and trust.", {
        niche: BDSM,
      }),
      fr("I'm looking for someone open-minded who values clear agreements, respect and trust.", {
        niche: BDSM,
      }),
      fr('Discretion and mutual respect are very important to me.', { niche: BDSM }),
    ],
    close: [
      fr("Send me a message if you'd like to get to know me!"),
      fr('Curious? Just say hi.'),
      fr("Don't be shy, I don't bite."),
      fr('Hope to hear from you soon.'),
      fr('Looking forward to your message!'),
      fr("Who knows, maybe you're the one I'm looking for."),
    ],
  },
  nl: {
    open: [
      fr('Hoi, ik ben {name}!'),
      fr('Hallo, {name} hier.'),
      fr('Hé, leuk dat je even op mijn profiel kijkt.'),
      fr('Hoi, ik ben {name} uit {city}.'),
      fr('{age} jaar jong en nog steeds nieuwsgierig naar het leven.'),
      fr('Even een paar woorden over mezelf.'),
      fr('Over jezelf schrijven is lastiger dan het lijkt, maar daar gaat ie.'),
      fr('Nieuw hier en een beetje zenuwachtig, dus wees lief!'),
      fr('Ik woon in {city} en heb het hier prima naar mijn zin.'),
    ],
    self: [
      fr('Ik ben een nuchter persoon met een flinke dosis humor.'),
      fr('Vrienden omschrijven mij als trouw, warm en een tikkeltje chaotisch.'),
      fr('Ik lach graag en neem mezelf niet al te serieus.'),
      fr('Op het eerste gezicht ben ik vrij rustig, maar ik kan ook heel spontaan zijn.'),
      fr('Doordeweeks werk ik hard, en in het weekend geniet ik volop.'),
      fr('Eerlijkheid vind ik heel belangrijk, en dat verwacht ik ook van een ander.'),
      fr('De kinderen zijn het huis uit, dus nu is het tijd voor mezelf.', { minAge: 45 }),
      fr('Ik studeer nog, maar tijd voor gezelligheid maak ik altijd.', { maxAge: 25 }),
      fr('Sinds mijn scheiding weet ik veel beter wat ik echt wil.', { status: ['divorced'] }),
      fr('Ik ben met pensioen en heb eindelijk tijd voor alles wat ik leuk vind.', { minAge: 62 }),
      fr('In het begin ben ik wat verlegen, maar als ik je eenmaal ken, praat ik honderduit.'),
      fr('Ik heb mooie rondingen en daar ben ik trots op.', { g: 'female', niche: [4] }),
    ],
    hobby: [
      hb(['travelling'], 'Ik reis graag en mijn volgende trip is al half gepland.'),
      hb(
        ['travelling'],
        'Geef mij een goedkope vlucht en een stad waar ik nog nooit ben geweest, en ik ben blij.',
      ),
      hb(
        ['cooking'],
        'Koken is mijn manier van ontspannen, en ik zoek nog iemand die mijn experimenten wil proeven.',
      ),
      hb(['wine', 'dining_out'], 'Een glas rode wijn en een goed gesprek maken mijn avond compleet.'),
      hb(['series', 'movies'], 'Op regenachtige avonden lig ik op de bank met een goede serie.'),
      hb(['reading', 'poetry'], 'Ik heb altijd een boek in mijn tas.'),
      hb(
        ['music', 'concerts', 'festivals'],
        'Muziek speelt een grote rol in mijn leven en voor een concert ben ik altijd te porren.',
      ),
      hb(['dancing', 'nightlife'], {
        f: 'Ik kan een dansvloer niet weerstaan, al ben ik geen geweldige danseres.',
        m: 'Ik kan een dansvloer niet weerstaan, al ben ik geen geweldige danser.',
      }),
      hb(['running', 'fitness'], 'Ik ga een paar keer per week hardlopen om mijn hoofd leeg te maken.'),
      hb(['cycling'], 'Op zondag maak ik graag een lange fietstocht.'),
      hb(
        ['hiking', 'nature'],
        'Ik ben het gelukkigst buiten, het liefst tijdens een lange wandeling door het bos of over de hei.',
      ),
      hb(['dogs', 'animals'], 'Mijn hond is mijn beste maatje, dus je moet wel van honden houden.'),
      hb(['cats', 'animals'], 'Ik deel mijn huis met een ontzettend verwende kat.'),
      hb(['gardening'], 'Mijn tuin is mijn grote trots.'),
      hb(['beach', 'swimming'], 'Zomer betekent voor mij zon, zee en een goed boek op het strand.'),
      hb(
        ['photography', 'art'],
        "Ik maak continu foto's, vooral van kleine dingen die anderen niet opvallen.",
      ),
      hb(['yoga', 'meditation', 'wellness'], 'Yoga helpt me om rustig en in balans te blijven.'),
      hb(['football'], 'Ik mis zelden een wedstrijd en schreeuw zonder schaamte tegen de tv.'),
      hb(['gaming', 'technology'], "Ik ben een beetje een nerd en game 's avonds graag."),
      hb(['motorcycles', 'cars'], 'Er gaat niets boven een ritje op de motor op een zonnige dag.'),
      hb(['coffee'], 'Ik ben een ochtendmens, maar zonder koffie kom ik niet op gang.'),
      hb(['theatre', 'museums'], 'Ik hou van theater, musea en alles wat me aan het denken zet.'),
      hb(['skiing'], 'Winter betekent voor mij skiën, hoe meer sneeuw hoe beter.'),
      hb(['camping'], 'Ik ga graag kamperen, ook als het regent.'),
      hb(['languages'], 'Ik spreek een paar talen en ben eigenlijk altijd wel een nieuwe aan het leren.'),
      hb(['volunteering'], 'Ik doe vrijwilligerswerk, en dat houdt me met beide benen op de grond.'),
      hb(['sailing'], "'s Zomers ben ik het liefst op het water, lekker zeilen."),
      hb(['tennis'], 'Ik tennis twee keer per week en ik haat verliezen.'),
      fr('Ik geniet van de simpele dingen: een wandeling, lekker eten en een goed gesprek.'),
      fr('Mijn weekenden zijn voor vrienden, familie en lekker eten.'),
    ],
    look: [
      fr('Ik zoek iemand die eerlijk is, om de mooie momenten mee te delen.'),
      fr('Ik zou graag iemand ontmoeten die me aan het lachen kan maken.'),
      fr('Laten we beginnen met een gesprekje en kijken waar het heen gaat.'),
      fr('Geen spelletjes, alleen echte mensen graag.'),
      fr('Ik heb geen haast; een goede klik heeft tijd nodig.'),
      fr('Leeftijd is voor mij maar een getal.', { minAge: 40 }),
      fr('Ik zoek een lieve vrouw die weet wat ze wil.', { seek: 'female' }),
      fr('Ik hoop een leuke vrouw te ontmoeten om samen avonturen mee te beleven.', { seek: 'female' }),
      fr('Ik zoek een man met een goed hart en gevoel voor humor.', { seek: 'male' }),
      fr('Ik hoop een oprechte man te ontmoeten die zijn gevoelens durft te laten zien.', { seek: 'male' }),
      fr('Man of vrouw, het gaat mij om de persoon.', { seek: 'both' }),
      fr('Ik ben open-minded en nieuwsgierig, en voor mij begint alles met respect en vertrouwen.', {
        niche: BDSM,
      }),
      fr(
        'Ik zoek iemand die open-minded is en waarde hecht aan duidelijke afspraken, respect en vertrouwen.',
        {
          niche: BDSM,
        },
      ),
      fr('Discretie en wederzijds respect vind ik erg belangrijk.', { niche: BDSM }),
    ],
    close: [
      fr('Stuur me een berichtje als je me wilt leren kennen!'),
      fr('Nieuwsgierig? Zeg gewoon hoi.'),
      fr('Wees niet verlegen, ik bijt niet.'),
      fr('Hopelijk tot snel!'),
      fr('Ik kijk uit naar je bericht!'),
      fr('Wie weet ben jij wel degene die ik zoek.'),
    ],
  },
  de: {
    open: [
      fr('Hallo, ich bin {name}!'),
      fr('Hi, hier ist {name}.'),
      fr('Hey, schön, dass du auf meinem Profil vorbeischaust.'),
      fr('Hallo, ich bin {name} aus {city}.'),
      fr('{age} Jahre jung und immer noch neugierig auf das Leben.'),
      fr('Ein paar Worte über mich.'),
      fr("Über sich selbst zu schreiben ist schwerer als gedacht, aber los geht's."),
      fr('Neu hier und ein bisschen aufgeregt, also sei nett!'),
      fr('Ich wohne in {city} und fühle mich hier richtig wohl.'),
    ],
    self: [
      fr('Ich bin ein bodenständiger Mensch mit viel Humor.'),
      fr('Freunde beschreiben mich als treu, herzlich und ein bisschen chaotisch.'),
      fr('Ich lache gern und nehme mich selbst nicht allzu ernst.'),
      fr('Auf den ersten Blick wirke ich eher ruhig, aber ich kann auch sehr spontan sein.'),
      fr('Unter der Woche arbeite ich viel, am Wochenende genieße ich das Leben in vollen Zügen.'),
      fr('Ehrlichkeit ist mir sehr wichtig, und das erwarte ich auch von anderen.'),
      fr('Die Kinder sind aus dem Haus, jetzt ist endlich Zeit für mich.', { minAge: 45 }),
      fr('Ich studiere noch, nehme mir aber immer Zeit für die schönen Dinge.', { maxAge: 25 }),
      fr('Seit meiner Scheidung weiß ich viel besser, was ich wirklich will.', { status: ['divorced'] }),
      fr('Ich bin im Ruhestand und habe endlich Zeit für alles, was mir Spaß macht.', { minAge: 62 }),
      fr('Am Anfang bin ich etwas schüchtern, aber wenn ich dich kenne, rede ich wie ein Wasserfall.'),
      fr('Ich habe Kurven und stehe dazu.', { g: 'female', niche: [4] }),
    ],
    hobby: [
      hb(['travelling'], 'Ich reise für mein Leben gern, und die nächste Reise ist schon halb geplant.'),
      hb(
        ['travelling'],
        'Gib mir einen günstigen Flug und eine Stadt, die ich noch nicht kenne, und ich bin glücklich.',
      ),
      hb(
        ['cooking'],
        'Kochen ist für mich Entspannung, und ich suche noch jemanden, der meine Experimente probiert.',
      ),
      hb(
        ['wine', 'dining_out'],
        'Ein Glas Rotwein und ein gutes Gespräch – mehr brauche ich nicht für einen schönen Abend.',
      ),
      hb(['series', 'movies'], 'An verregneten Abenden liege ich gern mit einer guten Serie auf dem Sofa.'),
      hb(['reading', 'poetry'], 'Ein Buch habe ich immer in der Tasche.'),
      hb(
        ['music', 'concerts', 'festivals'],
        'Musik ist ein großer Teil meines Lebens, und zu einem Konzert sage ich nie Nein.',
      ),
      hb(['dancing', 'nightlife'], {
        f: 'Auf der Tanzfläche bin ich nicht zu halten, auch wenn ich keine große Tänzerin bin.',
        m: 'Auf der Tanzfläche bin ich nicht zu halten, auch wenn ich kein großer Tänzer bin.',
      }),
      hb(['running', 'fitness'], 'Ein paarmal pro Woche gehe ich laufen, um den Kopf freizubekommen.'),
      hb(['cycling'], 'Sonntags mache ich gern eine lange Radtour.'),
      hb(
        ['hiking', 'nature'],
        'Am wohlsten fühle ich mich draußen, am liebsten bei einer langen Wanderung in den Bergen.',
      ),
      hb(['dogs', 'animals'], 'Mein Hund ist mein bester Freund, du solltest also Hunde mögen.'),
      hb(['cats', 'animals'], 'Ich teile meine Wohnung mit einer ziemlich verwöhnten Katze.'),
      hb(['gardening'], 'Mein Garten ist mein ganzer Stolz.'),
      hb(['beach', 'swimming'], 'Sommer heißt für mich Sonne, Meer und ein gutes Buch am Strand.'),
      hb(
        ['photography', 'art'],
        'Ich fotografiere ständig, vor allem Kleinigkeiten, die anderen gar nicht auffallen.',
      ),
      hb(['yoga', 'meditation', 'wellness'], 'Yoga hilft mir, ruhig und ausgeglichen zu bleiben.'),
      hb(['football'], 'Ich verpasse kaum ein Spiel und schreie auch mal ungeniert den Fernseher an.'),
      hb(['gaming', 'technology'], 'Ich bin ein kleiner Nerd und zocke abends gern.'),
      hb(['motorcycles', 'cars'], 'Nichts geht über eine Tour mit dem Motorrad an einem sonnigen Tag.'),
      hb(['coffee'], 'Ohne meinen Kaffee am Morgen geht bei mir gar nichts.'),
      hb(['theatre', 'museums'], 'Ich mag Theater, Museen und alles, was mich zum Nachdenken bringt.'),
      hb(['skiing'], 'Winter heißt für mich Skifahren, je mehr Schnee, desto besser.'),
      hb(['camping'], 'Ich gehe gern campen, auch wenn es regnet.'),
      hb(['languages'], 'Ich spreche ein paar Sprachen und lerne eigentlich immer gerade eine neue.'),
      hb(['volunteering'], 'Ich engagiere mich ehrenamtlich, das erdet mich.'),
      hb(['sailing'], 'Im Sommer bin ich am liebsten auf dem Wasser und segle.'),
      hb(['tennis'], 'Ich spiele zweimal pro Woche Tennis und verliere gar nicht gern.'),
      fr('Ich genieße die einfachen Dinge: einen Spaziergang, gutes Essen und nette Gespräche.'),
      fr('Meine Wochenenden gehören Freunden, Familie und gutem Essen.'),
    ],
    look: [
      fr('Ich suche einen ehrlichen Menschen, mit dem ich die schönen Momente teilen kann.'),
      fr('Ich würde gern jemanden kennenlernen, der mich zum Lachen bringt.'),
      fr('Lass uns einfach schreiben und schauen, wohin es führt.'),
      fr('Keine Spielchen, nur echte Menschen bitte.'),
      fr('Ich habe keine Eile, eine echte Verbindung braucht Zeit.'),
      fr('Das Alter ist für mich nur eine Zahl.', { minAge: 40 }),
      fr('Ich suche eine liebe Frau, die weiß, was sie will.', { seek: 'female' }),
      fr('Ich hoffe, eine nette Frau kennenzulernen, mit der ich Abenteuer erleben kann.', {
        seek: 'female',
      }),
      fr('Ich suche einen Mann mit Herz und Humor.', { seek: 'male' }),
      fr('Ich hoffe, einen ehrlichen Mann kennenzulernen, der sich traut, Gefühle zu zeigen.', {
        seek: 'male',
      }),
      fr('Ob Mann oder Frau – für mich zählt der Mensch.', { seek: 'both' }),
      fr('Ich bin aufgeschlossen und neugierig, und für mich beginnt alles mit Respekt und Vertrauen.', {
        niche: BDSM,
      }),
      fr('Ich suche jemanden, der offen ist und Wert auf klare Absprachen, Respekt und Vertrauen legt.', {
        niche: BDSM,
      }),
      fr('Diskretion und gegenseitiger Respekt sind mir sehr wichtig.', { niche: BDSM }),
    ],
    close: [
      fr('Schreib mir, wenn du mich kennenlernen möchtest!'),
      fr('Neugierig? Sag einfach Hallo.'),
      fr('Trau dich, ich beiße nicht.'),
      fr('Ich hoffe, bald von dir zu hören.'),
      fr('Ich freue mich auf deine Nachricht!'),
      fr('Wer weiß, vielleicht bist du ja genau die Person, die ich suche.'),
    ],
  },
  fr: {
    open: [
      fr("Salut, moi c'est {name} !"),
      fr("Coucou, c'est {name} !"),
      fr('Hello, merci de jeter un œil à mon profil !'),
      fr("Salut, moi c'est {name}, j'habite à {city}."),
      fr({
        f: '{age} ans et toujours aussi curieuse de la vie.',
        m: '{age} ans et toujours aussi curieux de la vie.',
      }),
      fr('Quelques mots sur moi.'),
      fr("Parler de soi, c'est plus difficile qu'on ne le croit, mais je me lance."),
      fr({
        f: 'Nouvelle ici et un peu intimidée, alors sois sympa !',
        m: 'Nouveau ici et un peu intimidé, alors sois sympa !',
      }),
      fr("J'habite à {city} et je m'y sens vraiment bien."),
    ],
    self: [
      fr("Je suis quelqu'un de simple et j'ai beaucoup d'humour."),
      fr({
        f: 'Mes amis me décrivent comme fidèle, chaleureuse et un peu bordélique.',
        m: 'Mes amis me décrivent comme fidèle, chaleureux et un peu bordélique.',
      }),
      fr("J'aime rire et je ne me prends pas trop au sérieux."),
      fr({
        f: 'Plutôt calme au premier abord, je peux aussi être très spontanée.',
        m: 'Plutôt calme au premier abord, je peux aussi être très spontané.',
      }),
      fr('Je travaille beaucoup en semaine et je profite à fond de mes week-ends.'),
      fr("L'honnêteté compte beaucoup pour moi, et j'attends la même chose en retour."),
      fr('Mes enfants ont quitté la maison, alors maintenant je pense un peu à moi.', { minAge: 45 }),
      fr(
        {
          f: 'Je suis encore étudiante, mais je trouve toujours du temps pour m’amuser.',
          m: 'Je suis encore étudiant, mais je trouve toujours du temps pour m’amuser.',
        },
        { maxAge: 25 },
      ),
      fr('Depuis mon divorce, je sais beaucoup mieux ce que je veux vraiment.', { status: ['divorced'] }),
      fr("Je suis à la retraite et j'ai enfin du temps pour tout ce que j'aime.", { minAge: 62 }),
      fr({
        f: 'Un peu timide au début, mais une fois en confiance, je suis très bavarde.',
        m: 'Un peu timide au début, mais une fois en confiance, je suis très bavard.',
      }),
      fr("J'ai des formes et j'en suis fière.", { g: 'female', niche: [4] }),
    ],
    hobby: [
      hb(['travelling'], "J'adore voyager et mon prochain voyage est déjà à moitié prévu."),
      hb(['travelling'], {
        f: "Un billet d'avion pas cher et une ville que je ne connais pas : il ne m'en faut pas plus pour être heureuse.",
        m: "Un billet d'avion pas cher et une ville que je ne connais pas : il ne m'en faut pas plus pour être heureux.",
      }),
      hb(['cooking'], "Cuisiner me détend, et je cherche encore quelqu'un pour goûter mes expériences."),
      hb(['wine', 'dining_out'], "Un verre de vin rouge et une bonne conversation, c'est ma soirée idéale."),
      hb(['series', 'movies'], 'Les soirs de pluie, tu me trouveras sur le canapé devant une bonne série.'),
      hb(['reading', 'poetry'], "J'ai toujours un livre dans mon sac."),
      hb(
        ['music', 'concerts', 'festivals'],
        'La musique tient une grande place dans ma vie, et je ne dis jamais non à un concert.',
      ),
      hb(['dancing', 'nightlife'], {
        f: 'Impossible de résister à une piste de danse, même si je ne suis pas une grande danseuse.',
        m: 'Impossible de résister à une piste de danse, même si je ne suis pas un grand danseur.',
      }),
      hb(['running', 'fitness'], 'Je cours plusieurs fois par semaine pour me vider la tête.'),
      hb(['cycling'], "Le dimanche, j'aime faire une longue balade à vélo."),
      hb(
        ['hiking', 'nature'],
        "C'est dehors que je me sens le mieux, idéalement pendant une longue randonnée.",
      ),
      hb(['dogs', 'animals'], 'Mon chien est mon meilleur ami, alors mieux vaut aimer les chiens.'),
      hb(['cats', 'animals'], 'Je partage mon appartement avec un chat très gâté.'),
      hb(['gardening'], "Mon jardin, c'est ma fierté."),
      hb(['beach', 'swimming'], "Pour moi, l'été, c'est le soleil, la mer et un bon livre sur la plage."),
      hb(
        ['photography', 'art'],
        'Je prends sans arrêt des photos, surtout des petits détails que personne ne remarque.',
      ),
      hb(['yoga', 'meditation', 'wellness'], {
        f: "Le yoga m'aide à rester calme et équilibrée.",
        m: "Le yoga m'aide à rester calme et équilibré.",
      }),
      hb(['football'], "Je rate rarement un match, et il m'arrive de crier devant la télé."),
      hb(['gaming', 'technology'], "Je suis un peu geek et j'aime jouer aux jeux vidéo le soir."),
      hb(['motorcycles', 'cars'], 'Rien ne vaut une balade à moto par une belle journée.'),
      hb(['coffee'], 'Impossible de commencer la journée sans un bon café.'),
      hb(['theatre', 'museums'], "J'aime le théâtre, les musées et tout ce qui fait réfléchir."),
      hb(['skiing'], "L'hiver, pour moi, c'est le ski, et plus il y a de neige, mieux c'est."),
      hb(['camping'], "J'adore le camping, même quand il pleut."),
      hb(['languages'], "Je parle plusieurs langues et j'en apprends toujours une nouvelle."),
      hb(['volunteering'], 'Je fais du bénévolat, ça me permet de garder les pieds sur terre.'),
      hb(['sailing'], "L'été, je passe le plus de temps possible sur l'eau, à faire de la voile."),
      hb(['tennis'], 'Je joue au tennis deux fois par semaine et je déteste perdre.'),
      fr("J'apprécie les choses simples : une balade, un bon repas, une belle discussion."),
      fr('Mes week-ends, je les passe avec mes amis, ma famille et autour d’une bonne table.'),
    ],
    look: [
      fr("Je cherche quelqu'un de sincère pour partager les bons moments."),
      fr("J'aimerais rencontrer quelqu'un qui sait me faire rire."),
      fr('Commençons par discuter, on verra bien où ça nous mène.'),
      fr('Pas de prise de tête, juste des gens vrais.'),
      fr({
        f: 'Je ne suis pas pressée : une belle rencontre, ça prend du temps.',
        m: 'Je ne suis pas pressé : une belle rencontre, ça prend du temps.',
      }),
      fr("Pour moi, l'âge n'est qu'un chiffre.", { minAge: 40 }),
      fr("Je cherche une femme douce qui sait ce qu'elle veut.", { seek: 'female' }),
      fr("J'espère rencontrer une femme sympa avec qui vivre de belles aventures.", { seek: 'female' }),
      fr("Je cherche un homme au grand cœur, avec de l'humour.", { seek: 'male' }),
      fr("J'espère rencontrer un homme sincère qui n'a pas peur de montrer ses sentiments.", {
        seek: 'male',
      }),
      fr("Homme ou femme, c'est la personne qui compte.", { seek: 'both' }),
      fr(
        {
          f: "Je suis ouverte d'esprit et curieuse, et pour moi tout commence par le respect et la confiance.",
          m: "Je suis ouvert d'esprit et curieux, et pour moi tout commence par le respect et la confiance.",
        },
        { niche: BDSM },
      ),
      fr(
        "Je cherche quelqu'un d'ouvert d'esprit, qui accorde de l'importance à des règles claires, au respect et à la confiance.",
        { niche: BDSM },
      ),
      fr('La discrétion et le respect mutuel sont très importants pour moi.', { niche: BDSM }),
    ],
    close: [
      fr('Écris-moi si tu as envie de faire connaissance !'),
      fr("Si le cœur t'en dit, dis-moi simplement bonjour."),
      fr("N'hésite pas, je ne mords pas."),
      fr("J'espère te lire bientôt."),
      fr('Au plaisir de lire ton message !'),
      fr("Qui sait, c'est peut-être toi que je cherche."),
    ],
  },
  it: {
    open: [
      fr('Ciao, sono {name}!'),
      fr('Ciao a tutti, sono {name}.'),
      fr('Ciao, grazie per la visita al mio profilo!'),
      fr('Ciao, sono {name} e vivo a {city}.'),
      fr('{age} anni e ancora tanta curiosità per la vita.'),
      fr('Qualche parola su di me.'),
      fr('Parlare di sé è più difficile di quanto sembri, ma ci provo.'),
      fr({
        f: "Sono nuova qui e un po' emozionata, quindi sii gentile!",
        m: "Sono nuovo qui e un po' emozionato, quindi sii gentile!",
      }),
      fr('Vivo a {city} e mi ci trovo benissimo.'),
    ],
    self: [
      fr("Sono una persona con i piedi per terra e tanto senso dell'umorismo."),
      fr({
        f: "Gli amici mi descrivono come leale, affettuosa e un po' disordinata.",
        m: "Gli amici mi descrivono come leale, affettuoso e un po' disordinato.",
      }),
      fr('Mi piace ridere e non mi prendo troppo sul serio.'),
      fr({
        f: "All'apparenza sono tranquilla, ma so essere anche molto spontanea.",
        m: "All'apparenza sono tranquillo, ma so essere anche molto spontaneo.",
      }),
      fr('Durante la settimana lavoro tanto, e nel weekend mi godo la vita al massimo.'),
      fr("Per me l'onestà è fondamentale, e mi aspetto lo stesso dagli altri."),
      fr('I figli sono grandi e sono usciti di casa, ora è il momento di pensare a me.', { minAge: 45 }),
      fr('Studio ancora, ma trovo sempre il tempo per divertirmi.', { maxAge: 25 }),
      fr('Dopo il divorzio ho capito molto meglio cosa voglio davvero.', { status: ['divorced'] }),
      fr('Sono in pensione e finalmente ho tempo per tutto ciò che amo.', { minAge: 62 }),
      fr({
        f: "All'inizio sono un po' timida, ma quando prendo confidenza non smetto più di parlare.",
        m: "All'inizio sono un po' timido, ma quando prendo confidenza non smetto più di parlare.",
      }),
      fr('Sono formosa e ne vado fiera.', { g: 'female', niche: [4] }),
    ],
    hobby: [
      hb(['travelling'], 'Adoro viaggiare e il mio prossimo viaggio è già mezzo organizzato.'),
      hb(['travelling'], 'Dammi un volo low cost e una città che non conosco e sono felice.'),
      hb(['cooking'], 'Cucinare mi rilassa, e cerco ancora qualcuno che assaggi i miei esperimenti.'),
      hb(
        ['wine', 'dining_out'],
        'Un bicchiere di rosso e una bella chiacchierata: per me è la serata perfetta.',
      ),
      hb(['series', 'movies'], 'Nelle sere di pioggia mi trovi sul divano con una bella serie.'),
      hb(['reading', 'poetry'], 'Ho sempre un libro in borsa.'),
      hb(
        ['music', 'concerts', 'festivals'],
        'La musica è una parte importante della mia vita, e a un concerto non dico mai di no.',
      ),
      hb(['dancing', 'nightlife'], {
        f: 'Non resisto a una pista da ballo, anche se non sono una grande ballerina.',
        m: 'Non resisto a una pista da ballo, anche se non sono un grande ballerino.',
      }),
      hb(['running', 'fitness'], 'Corro un paio di volte a settimana per svuotare la testa.'),
      hb(['cycling'], 'La domenica mi piace fare un lungo giro in bici.'),
      hb(['hiking', 'nature'], "Sto meglio all'aria aperta, magari durante una lunga camminata in montagna."),
      hb(
        ['dogs', 'animals'],
        'Il mio cane è il mio migliore amico, quindi è meglio che ti piacciano i cani.',
      ),
      hb(['cats', 'animals'], 'Divido casa con un gatto viziatissimo.'),
      hb(['gardening'], 'Il mio giardino è il mio orgoglio.'),
      hb(['beach', 'swimming'], "Per me l'estate è sole, mare e un buon libro in spiaggia."),
      hb(
        ['photography', 'art'],
        'Scatto foto in continuazione, soprattutto ai piccoli dettagli che nessuno nota.',
      ),
      hb(['yoga', 'meditation', 'wellness'], {
        f: 'Lo yoga mi aiuta a restare calma ed equilibrata.',
        m: 'Lo yoga mi aiuta a restare calmo ed equilibrato.',
      }),
      hb(['football'], 'Non mi perdo quasi mai una partita e a volte urlo contro la TV.'),
      hb(['gaming', 'technology'], "Sono un po' nerd e la sera mi piace giocare ai videogiochi."),
      hb(['motorcycles', 'cars'], 'Niente batte un giro in moto in una bella giornata di sole.'),
      hb(['coffee'], 'Senza un buon caffè la mattina non carburo.'),
      hb(['theatre', 'museums'], 'Amo il teatro, i musei e tutto ciò che fa riflettere.'),
      hb(['skiing'], "Per me l'inverno vuol dire sci, e più neve c'è, meglio è."),
      hb(['camping'], 'Adoro il campeggio, anche quando piove.'),
      hb(['languages'], 'Parlo qualche lingua e ne sto sempre imparando una nuova.'),
      hb(['volunteering'], 'Faccio volontariato, e questo mi aiuta a tenere i piedi per terra.'),
      hb(['sailing'], "D'estate, appena posso, vado in barca a vela."),
      hb(['tennis'], 'Gioco a tennis due volte a settimana e odio perdere.'),
      fr('Amo le cose semplici: una passeggiata, una buona cena, una bella chiacchierata.'),
      fr('I miei weekend sono per gli amici, la famiglia e la buona cucina.'),
    ],
    look: [
      fr('Cerco una persona sincera con cui condividere i bei momenti.'),
      fr('Mi piacerebbe conoscere qualcuno che sappia farmi ridere.'),
      fr('Iniziamo con due chiacchiere e vediamo dove ci porta.'),
      fr('Niente giochetti, solo persone vere.'),
      fr('Non ho fretta: una bella intesa ha bisogno di tempo.'),
      fr("Per me l'età è solo un numero.", { minAge: 40 }),
      fr('Cerco una donna dolce che sappia cosa vuole.', { seek: 'female' }),
      fr('Spero di conoscere una donna simpatica con cui vivere nuove avventure.', { seek: 'female' }),
      fr("Cerco un uomo di cuore e con senso dell'umorismo.", { seek: 'male' }),
      fr('Spero di conoscere un uomo sincero che non abbia paura di mostrare i suoi sentimenti.', {
        seek: 'male',
      }),
      fr('Uomo o donna, per me conta la persona.', { seek: 'both' }),
      fr('Sono una persona aperta e curiosa, e per me tutto inizia dal rispetto e dalla fiducia.', {
        niche: BDSM,
      }),
      fr('Cerco qualcuno di mentalità aperta, che dia valore a regole chiare, rispetto e fiducia.', {
        niche: BDSM,
      }),
      fr('Discrezione e rispetto reciproco sono molto importanti per me.', { niche: BDSM }),
    ],
    close: [
      fr('Scrivimi se ti va di conoscermi!'),
      fr('Se ti ho incuriosito, mandami un saluto.'),
      fr('Fatti avanti, non mordo!'),
      fr('Spero di sentirti presto.'),
      fr('Aspetto il tuo messaggio!'),
      fr('Chissà, magari sei proprio la persona che cerco.'),
    ],
  },
  es: {
    open: [
      fr('¡Hola, soy {name}!'),
      fr('¡Hola! Aquí {name}.'),
      fr('¡Hola! Gracias por pasarte por mi perfil.'),
      fr('Hola, soy {name} y vivo en {city}.'),
      fr('{age} años y con las mismas ganas de vivir de siempre.'),
      fr('Unas palabras sobre mí.'),
      fr('Hablar de uno mismo es más difícil de lo que parece, pero allá voy.'),
      fr({
        f: 'Soy nueva por aquí y estoy un poco nerviosa, ¡así que sé amable!',
        m: 'Soy nuevo por aquí y estoy un poco nervioso, ¡así que sé amable!',
      }),
      fr('Vivo en {city} y estoy muy a gusto aquí.'),
    ],
    self: [
      fr('Soy una persona sencilla y con mucho sentido del humor.'),
      fr({
        f: 'Mis amigos dicen que soy leal, cariñosa y un poco desastre.',
        m: 'Mis amigos dicen que soy leal, cariñoso y un poco desastre.',
      }),
      fr('Me encanta reír y no me tomo demasiado en serio.'),
      fr({
        f: 'A primera vista parezco tranquila, pero también sé ser muy espontánea.',
        m: 'A primera vista parezco tranquilo, pero también sé ser muy espontáneo.',
      }),
      fr('Entre semana trabajo mucho y los fines de semana los disfruto al máximo.'),
      fr('Para mí la sinceridad es muy importante, y espero lo mismo de los demás.'),
      fr('Mis hijos ya se han independizado, así que ahora toca pensar en mí.', { minAge: 45 }),
      fr('Todavía estoy estudiando, pero siempre saco tiempo para divertirme.', { maxAge: 25 }),
      fr('Desde mi divorcio sé mucho mejor lo que quiero de verdad.', { status: ['divorced'] }),
      fr(
        {
          f: 'Estoy jubilada y por fin tengo tiempo para todo lo que me gusta.',
          m: 'Estoy jubilado y por fin tengo tiempo para todo lo que me gusta.',
        },
        { minAge: 62 },
      ),
      fr({
        f: 'Al principio soy algo tímida, pero cuando cojo confianza no paro de hablar.',
        m: 'Al principio soy algo tímido, pero cuando cojo confianza no paro de hablar.',
      }),
      fr('Tengo curvas y estoy orgullosa de ellas.', { g: 'female', niche: [4] }),
    ],
    hobby: [
      hb(['travelling'], 'Me encanta viajar y mi próximo viaje ya está medio planeado.'),
      hb(['travelling'], 'Dame un vuelo barato y una ciudad que no conozca y soy feliz.'),
      hb(['cooking'], 'Cocinar me relaja, y todavía busco a alguien que pruebe mis experimentos.'),
      hb(['wine', 'dining_out'], 'Una copa de vino tinto y una buena conversación: mi plan perfecto.'),
      hb(['series', 'movies'], 'Las noches de lluvia me encontrarás en el sofá con una buena serie.'),
      hb(['reading', 'poetry'], 'Siempre llevo un libro encima.'),
      hb(
        ['music', 'concerts', 'festivals'],
        'La música es una parte muy importante de mi vida y nunca digo que no a un concierto.',
      ),
      hb(['dancing', 'nightlife'], {
        f: 'No puedo resistirme a una pista de baile, aunque no sea muy buena bailarina.',
        m: 'No puedo resistirme a una pista de baile, aunque no sea muy buen bailarín.',
      }),
      hb(['running', 'fitness'], 'Salgo a correr varias veces por semana para despejar la mente.'),
      hb(['cycling'], 'Los domingos me gusta hacer una buena ruta en bici.'),
      hb(
        ['hiking', 'nature'],
        'Donde mejor estoy es al aire libre, a poder ser haciendo una ruta por la montaña.',
      ),
      hb(['dogs', 'animals'], 'Mi perro es mi mejor amigo, así que más vale que te gusten los perros.'),
      hb(['cats', 'animals'], 'Comparto piso con un gato muy mimado.'),
      hb(['gardening'], 'Mi jardín es mi orgullo.'),
      hb(['beach', 'swimming'], 'Para mí el verano es sol, mar y un buen libro en la playa.'),
      hb(
        ['photography', 'art'],
        'Siempre estoy haciendo fotos, sobre todo de pequeños detalles en los que nadie se fija.',
      ),
      hb(['yoga', 'meditation', 'wellness'], {
        f: 'El yoga me ayuda a mantenerme tranquila y equilibrada.',
        m: 'El yoga me ayuda a mantenerme tranquilo y equilibrado.',
      }),
      hb(['football'], 'Casi nunca me pierdo un partido, y a veces hasta le grito a la tele.'),
      hb(['gaming', 'technology'], 'Soy un poco friki y por las noches me gusta jugar a videojuegos.'),
      hb(['motorcycles', 'cars'], 'No hay nada como una ruta en moto en un día de sol.'),
      hb(['coffee'], 'Sin mi café de la mañana no soy persona.'),
      hb(['theatre', 'museums'], 'Me gustan el teatro, los museos y todo lo que me haga pensar.'),
      hb(['skiing'], 'Para mí el invierno significa esquiar, y cuanta más nieve, mejor.'),
      hb(['camping'], 'Me encanta ir de camping, aunque llueva.'),
      hb(['languages'], 'Hablo varios idiomas y siempre estoy aprendiendo uno nuevo.'),
      hb(['volunteering'], 'Hago voluntariado y eso me ayuda a tener los pies en la tierra.'),
      hb(['sailing'], 'En verano, siempre que puedo, salgo a navegar.'),
      hb(['tennis'], 'Juego al tenis dos veces por semana y odio perder.'),
      fr('Disfruto de las cosas sencillas: un paseo, una buena comida, una buena charla.'),
      fr('Mis fines de semana son para los amigos, la familia y comer bien.'),
    ],
    look: [
      fr('Busco a alguien sincero con quien compartir los buenos momentos.'),
      fr('Me gustaría conocer a alguien que me haga reír.'),
      fr('Empecemos por charlar y a ver adónde nos lleva.'),
      fr('Nada de juegos, solo gente auténtica.'),
      fr('No tengo prisa: una buena conexión necesita su tiempo.'),
      fr('Para mí la edad es solo un número.', { minAge: 40 }),
      fr('Busco una mujer cariñosa que sepa lo que quiere.', { seek: 'female' }),
      fr('Espero conocer a una mujer simpática con quien vivir nuevas aventuras.', { seek: 'female' }),
      fr('Busco un hombre con buen corazón y sentido del humor.', { seek: 'male' }),
      fr('Espero conocer a un hombre sincero que no tenga miedo de mostrar sus sentimientos.', {
        seek: 'male',
      }),
      fr('Hombre o mujer, lo que importa es la persona.', { seek: 'both' }),
      fr('Soy una persona abierta y curiosa, y para mí todo empieza por el respeto y la confianza.', {
        niche: BDSM,
      }),
      fr('Busco a alguien de mente abierta que valore los acuerdos claros, el respeto y la confianza.', {
        niche: BDSM,
      }),
      fr('La discreción y el respeto mutuo son muy importantes para mí.', { niche: BDSM }),
    ],
    close: [
      fr('¡Escríbeme si te apetece conocerme!'),
      fr('¿Te pica la curiosidad? Salúdame sin más.'),
      fr('Anímate, que no muerdo.'),
      fr('Espero saber de ti pronto.'),
      fr('¡Espero tu mensaje!'),
      fr('Quién sabe, quizá seas justo la persona que busco.'),
    ],
  },
  pl: {
    open: [
      fr('Cześć, jestem {name}!'),
      fr('Hej, tu {name}.'),
      fr('Hej, miło mi, że tu zaglądasz!'),
      fr('Cześć, jestem {name}, a {city} to moje miejsce na ziemi.'),
      fr({
        f: 'Mam {ageWord} i wciąż jestem ciekawa świata.',
        m: 'Mam {ageWord} i wciąż jestem ciekaw świata.',
      }),
      fr('Kilka słów o mnie.'),
      fr('Pisanie o sobie jest trudniejsze, niż się wydaje, ale spróbuję.'),
      fr({
        f: 'Jestem tu nowa i trochę się denerwuję, więc proszę o wyrozumiałość!',
        m: 'Jestem tu nowy i trochę się denerwuję, więc proszę o wyrozumiałość!',
      }),
      fr('{city} to moje miasto i dobrze mi tu.'),
    ],
    self: [
      fr('Jestem osobą twardo stąpającą po ziemi, z dużym poczuciem humoru.'),
      fr({
        f: 'Przyjaciele mówią, że jestem lojalna, ciepła i trochę roztrzepana.',
        m: 'Przyjaciele mówią, że jestem lojalny, ciepły i trochę roztrzepany.',
      }),
      fr('Lubię się śmiać i nie traktuję siebie zbyt poważnie.'),
      fr({
        f: 'Na pierwszy rzut oka jestem spokojna, ale potrafię być bardzo spontaniczna.',
        m: 'Na pierwszy rzut oka jestem spokojny, ale potrafię być bardzo spontaniczny.',
      }),
      fr('W tygodniu dużo pracuję, a weekendy wykorzystuję na maksa.'),
      fr('Szczerość jest dla mnie bardzo ważna i tego samego oczekuję od innych.'),
      fr('Dzieci są już dorosłe i mieszkają osobno, więc teraz czas na mnie.', { minAge: 45 }),
      fr('Jeszcze studiuję, ale zawsze znajduję czas na przyjemności.', { maxAge: 25 }),
      fr('Po rozwodzie dużo lepiej wiem, czego naprawdę chcę.', { status: ['divorced'] }),
      fr('Jestem na emeryturze i wreszcie mam czas na wszystko, co lubię.', { minAge: 62 }),
      fr({
        f: 'Na początku jestem trochę nieśmiała, ale kiedy kogoś lepiej poznam, buzia mi się nie zamyka.',
        m: 'Na początku jestem trochę nieśmiały, ale kiedy kogoś lepiej poznam, buzia mi się nie zamyka.',
      }),
      fr('Mam kobiece krągłości i jestem z nich dumna.', { g: 'female', niche: [4] }),
    ],
    hobby: [
      hb(['travelling'], 'Uwielbiam podróżować, a kolejny wyjazd mam już w połowie zaplanowany.'),
      hb(['travelling'], {
        f: 'Tani lot i miasto, w którym jeszcze nie byłam – tyle mi trzeba do szczęścia.',
        m: 'Tani lot i miasto, w którym jeszcze nie byłem – tyle mi trzeba do szczęścia.',
      }),
      hb(
        ['cooking'],
        'Gotowanie mnie relaksuje i wciąż szukam kogoś, kto spróbuje moich kulinarnych eksperymentów.',
      ),
      hb(
        ['wine', 'dining_out'],
        'Kieliszek czerwonego wina i dobra rozmowa – tak wygląda mój idealny wieczór.',
      ),
      hb(['series', 'movies'], 'W deszczowe wieczory najchętniej leżę na kanapie z dobrym serialem.'),
      hb(['reading', 'poetry'], 'Zawsze mam przy sobie książkę.'),
      hb(
        ['music', 'concerts', 'festivals'],
        'Muzyka to ważna część mojego życia i nigdy nie odmawiam wyjścia na koncert.',
      ),
      hb(['dancing', 'nightlife'], {
        f: 'Nie potrafię oprzeć się parkietowi, choć wielką tancerką nie jestem.',
        m: 'Nie potrafię oprzeć się parkietowi, choć wielkim tancerzem nie jestem.',
      }),
      hb(['running', 'fitness'], 'Kilka razy w tygodniu biegam, żeby oczyścić głowę.'),
      hb(['cycling'], 'W niedziele lubię wybrać się na dłuższą przejażdżkę rowerem.'),
      hb(
        ['hiking', 'nature'],
        'Najlepiej czuję się na łonie natury, najchętniej na długiej wędrówce po górach.',
      ),
      hb(['dogs', 'animals'], 'Mój pies to mój najlepszy przyjaciel, więc miłość do psów to podstawa.'),
      hb(['cats', 'animals'], 'Mieszkam z bardzo rozpieszczonym kotem.'),
      hb(['gardening'], 'Mój ogród to moja duma.'),
      hb(['beach', 'swimming'], 'Lato to dla mnie słońce, morze i dobra książka na plaży.'),
      hb(['photography', 'art'], 'Ciągle robię zdjęcia, zwłaszcza drobiazgów, których inni nie zauważają.'),
      hb(['yoga', 'meditation', 'wellness'], 'Joga pomaga mi zachować spokój i równowagę.'),
      hb(['football'], 'Rzadko opuszczam mecz i zdarza mi się krzyczeć do telewizora.'),
      hb(['gaming', 'technology'], 'Wieczorami chętnie gram w gry komputerowe.'),
      hb(['motorcycles', 'cars'], 'Nie ma nic lepszego niż przejażdżka motocyklem w słoneczny dzień.'),
      hb(['coffee'], 'Bez porannej kawy nie jestem w stanie funkcjonować.'),
      hb(['theatre', 'museums'], 'Lubię teatr, muzea i wszystko, co skłania do myślenia.'),
      hb(['skiing'], 'Zima oznacza dla mnie narty – im więcej śniegu, tym lepiej.'),
      hb(['camping'], 'Uwielbiam biwakować, nawet kiedy pada.'),
      hb(['languages'], 'Mówię w kilku językach i ciągle uczę się kolejnego.'),
      hb(['volunteering'], {
        f: 'Działam jako wolontariuszka, co pozwala mi nabrać dystansu do wielu spraw.',
        m: 'Działam jako wolontariusz, co pozwala mi nabrać dystansu do wielu spraw.',
      }),
      hb(['sailing'], 'Latem, kiedy tylko mogę, pływam żaglówką.'),
      hb(['tennis'], 'Dwa razy w tygodniu gram w tenisa i nie znoszę przegrywać.'),
      fr('Cieszą mnie proste rzeczy: spacer, dobre jedzenie i miła rozmowa.'),
      fr('Weekendy spędzam z przyjaciółmi i rodziną, najchętniej przy dobrym jedzeniu.'),
    ],
    look: [
      fr({
        f: 'Szukam kogoś szczerego, z kim będę mogła dzielić dobre chwile.',
        m: 'Szukam kogoś szczerego, z kim będę mógł dzielić dobre chwile.',
      }),
      fr('Chętnie poznam kogoś, kto potrafi mnie rozśmieszyć.'),
      fr('Zacznijmy od rozmowy i zobaczmy, dokąd nas to zaprowadzi.'),
      fr('Żadnych gierek, tylko prawdziwi ludzie.'),
      fr('Nie spieszę się – dobra relacja potrzebuje czasu.'),
      fr('Dla mnie wiek to tylko liczba.', { minAge: 40 }),
      fr('Szukam miłej kobiety, która wie, czego chce.', { seek: 'female' }),
      fr('Mam nadzieję poznać sympatyczną kobietę, z którą przeżyję niejedną przygodę.', { seek: 'female' }),
      fr('Szukam mężczyzny z dobrym sercem i poczuciem humoru.', { seek: 'male' }),
      fr('Mam nadzieję poznać szczerego mężczyznę, który nie boi się okazywać uczuć.', { seek: 'male' }),
      fr('Kobieta czy mężczyzna – liczy się człowiek.', { seek: 'both' }),
      fr(
        {
          f: 'Jestem otwarta i ciekawa nowego, a wszystko zaczyna się dla mnie od szacunku i zaufania.',
          m: 'Jestem otwarty i ciekawy nowego, a wszystko zaczyna się dla mnie od szacunku i zaufania.',
        },
        { niche: BDSM },
      ),
      fr('Szukam kogoś o otwartym umyśle, kto ceni jasne zasady, szacunek i zaufanie.', { niche: BDSM }),
      fr('Dyskrecja i wzajemny szacunek są dla mnie bardzo ważne.', { niche: BDSM }),
    ],
    close: [
      fr('Napisz, jeśli chcesz mnie poznać!'),
      fr({
        f: 'Jeśli cię zaciekawiłam, po prostu się przywitaj.',
        m: 'Jeśli cię zaciekawiłem, po prostu się przywitaj.',
      }),
      fr('Śmiało, nie gryzę.'),
      fr('Mam nadzieję, że wkrótce się odezwiesz.'),
      fr('Czekam na Twoją wiadomość!'),
      fr('Kto wie, może to właśnie Ciebie szukam.'),
    ],
  },
};
