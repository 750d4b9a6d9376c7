/** A demo member's interests: every interest is possible, weighted by gender, age, reason and niche. */
import { INTERESTS, type Interest } from '@amora/contracts';
import { type Rng, weighted } from './rng.ts';
import type { Gender, Niche, SignupReason } from './types.ts';

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

export function interestsFor(
  rng: Rng,
  gender: Gender,
  age: number,
  reason: SignupReason,
  niche: Niche,
): Interest[] {
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
