/** About-me texts of demo members: a few fragments of the language's tables that fit the writer. */

import type { Interest } from '@amora/contracts';
import { ABOUT, type AboutLang, type Frag } from './content.ts';
import { chance, pick, type Rng } from './rng.ts';
import type { DemoLanguage, Gender, Niche, RelationshipStatus, Seeking } from './types.ts';

/** What the writer of a text is like: fragments are chosen and filled in from it. */
export interface TextContext {
  gender: Gender;
  seeking: Seeking;
  niche: Niche;
  age: number;
  status: RelationshipStatus;
  interests: readonly Interest[];
  first: string;
  city: string;
}

/** Whether a fragment's filters allow this writer (and a {city} only when the writer has one). */
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

/** The Polish word for "years" after `n` (1 rok, 2-4 lata, 5 lat, 22 lata, 12 lat). */
function plYears(n: number): string {
  if (n === 1) return 'rok';
  const d = n % 10;
  const t = n % 100;
  return d >= 2 && d <= 4 && !(t >= 12 && t <= 14) ? 'lata' : 'lat';
}

/** The fragment's text in the writer's grammatical gender, placeholders filled, French spacing applied. */
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

const MAX_SENTENCES = 4;

/** An opener, something about the writer, a hobby, what they look for, a closing line: each part optional. */
export function aboutFor(rng: Rng, lang: DemoLanguage, c: TextContext): string {
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

/** Sentences in a text: terminators followed by a space or the end ("St. Gallen" is no sentence end). */
export function countSentences(text: string): number {
  return (text.replace(/\bSt\. /g, 'St ').match(/[.!?…]+(?=\s|$)/g) ?? []).length;
}
