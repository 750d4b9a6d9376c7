/**
 * Who a demo member is: age and birth date, orientation, looks, relationship status, why they
 * signed up, and how active they are. Each draw takes the site's stream in a fixed order.
 */

import { chance, int, type Rng, weighted } from './rng.ts';
import type {
  BodyType,
  EyeColor,
  Gender,
  HairColor,
  Niche,
  RelationshipStatus,
  Seeking,
  Sexuality,
  SignupReason,
} from './types.ts';

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
export function birthDateFor(rng: Rng, age: number, now: Date): string {
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

export function ageFor(rng: Rng, niche: Niche, gender: Gender): number {
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

/** Share of women among the members of a niche. */
export const FEMALE_SHARE: Record<Niche, number> = { 1: 0.55, 2: 1, 3: 0.5, 4: 0.85, 5: 0.85, 6: 0.85, 7: 0 };

export function orientationFor(
  rng: Rng,
  niche: Niche,
  gender: Gender,
): { sexuality: Sexuality; seeking: Seeking } {
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

/** Countries with darker hair, eyes and skin on average (also used by portrait-specs.ts). */
export const SOUTH = new Set(['IT', 'ES', 'FR']);
/** Countries with a more diverse population. */
export const DIVERSE = new Set(['US', 'GB', 'CA', 'AU', 'NZ']);

export function hairColorFor(rng: Rng, gender: Gender, age: number, country: string): HairColor {
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

export function eyeColorFor(rng: Rng, country: string): EyeColor {
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

export function bodyTypeFor(rng: Rng, niche: Niche, gender: Gender, age: number): BodyType {
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

export function relationshipFor(rng: Rng, age: number): RelationshipStatus {
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

export function tattoosFor(rng: Rng, niche: Niche, age: number): boolean {
  return chance(rng, (age < 35 ? 0.35 : age < 50 ? 0.25 : 0.12) + (niche === 3 ? 0.15 : 0));
}

export function signupReasonFor(rng: Rng, niche: Niche): SignupReason {
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
// Activity
// ---------------------------------------------------------------------------------------------

/** Days since signup, 1 to 3 years, most of them recent. */
export function signupDaysAgoFor(rng: Rng): number {
  const x = rng();
  return 1 + Math.floor(x * x * 1095);
}

/** Minutes since the member was last active, never before the signup. */
export function lastActiveFor(rng: Rng, signupDaysAgo: number): number {
  const minutes = weighted<Range>(rng, [
    [[0, 15], 15],
    [[16, 1440], 25],
    [[1441, 10_080], 30],
    [[10_081, 43_200], 20],
    [[43_201, 259_200], 10],
  ]);
  return Math.min(int(rng, minutes[0], minutes[1]), signupDaysAgo * 1440);
}
