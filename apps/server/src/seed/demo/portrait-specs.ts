/** Portrait specs of demo members (drawn by portraits.ts): one face, 1 to 4 photos on different backgrounds. */

import { DIVERSE, SOUTH } from './people.ts';
import { chance, int, type Rng, weighted } from './rng.ts';
import { BACKGROUND_COUNT, type Gender, type HairColor, type PortraitSpec } from './types.ts';

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

export function portraitsFor(
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
