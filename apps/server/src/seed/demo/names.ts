/** Names, usernames and e-mail addresses of demo members. */
import { NAMES, USERNAME_ADJECTIVES } from './content.ts';
import { chance, int, pick, type Rng, weighted } from './rng.ts';
import { DEMO_EMAIL_DOMAIN, type Gender, type NameLocale } from './types.ts';

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

/** The feminine form of a Polish surname ('Kowalski' -> 'Kowalska'). */
function femininePolish(surname: string): string {
  return surname.replace(/(ski|cki|dzki)$/, (m) => `${m.slice(0, -1)}a`);
}

/** A first name and surname of the naming tradition `locale`. */
export function personNameFor(
  rng: Rng,
  locale: NameLocale,
  gender: Gender,
  age: number,
): { first: string; surname: string } {
  const pool = NAMES[locale];
  const byGender = gender === 'female' ? pool.f : pool.m;
  // Older members mostly carry the names of their generation.
  const classicShare = age >= 45 ? 0.93 : age >= 33 ? 0.5 : 0.1;
  const first = pick(rng, chance(rng, classicShare) ? byGender.classic : byGender.young);
  let surname = pick(rng, pool.surnames);
  if (locale === 'pl' && gender === 'female') surname = femininePolish(surname);
  return { first, surname };
}

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,19}$/;

/** A unique username in one of the styles people pick ('Lisa_87', 'SunnyLisa', 'lisa_jansen'...). */
export function usernameFor(
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

/** A unique address under DEMO_EMAIL_DOMAIN ('lisa.j.4821@...'). */
export function emailFor(rng: Rng, taken: Set<string>, first: string, surname: string): string {
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
