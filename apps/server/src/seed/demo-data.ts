/**
 * Deterministic demo-member generator (pure: no I/O, no Math.random, no clock).
 * The same options always give byte-identical output; the PRNG is seeded from the site key.
 * Members are generated one after another from one stream, so the first N members of a
 * bigger `count` equal the members of a smaller `count` (given the same other options).
 *
 * The content (names, about-me fragments, region tables) is data: seed/demo-content/*.json,
 * validated by demo/content.ts. The modules in demo/ draw each part of a member; this one puts them
 * together in a fixed order (changing the order of the draws changes every generated member).
 */
import { aboutFor } from './demo/about.ts';
import { ABOUT } from './demo/content.ts';
import { interestsFor } from './demo/interests.ts';
import { emailFor, personNameFor, usernameFor } from './demo/names.ts';
import {
  ageFor,
  birthDateFor,
  bodyTypeFor,
  eyeColorFor,
  FEMALE_SHARE,
  hairColorFor,
  lastActiveFor,
  orientationFor,
  relationshipFor,
  signupDaysAgoFor,
  signupReasonFor,
  tattoosFor,
} from './demo/people.ts';
import { countryFor, nameLocaleFor, placeFor } from './demo/places.ts';
import { portraitsFor } from './demo/portrait-specs.ts';
import { chance, createRng, uuidV4 } from './demo/rng.ts';
import type { DemoMember, DemoOptions, Gender } from './demo/types.ts';

export { countSentences } from './demo/about.ts';
export {
  ABOUT,
  type AboutLang,
  type Frag,
  NAMES,
  type NamePool,
  REGION_POPULATION,
  type Txt,
} from './demo/content.ts';
export { asciiFold, USERNAME_PATTERN } from './demo/names.ts';
export { ageAt } from './demo/people.ts';
export { createRng, type Rng } from './demo/rng.ts';
export {
  BACKGROUND_COUNT,
  type BodyType,
  DEMO_EMAIL_DOMAIN,
  type DemoLanguage,
  type DemoMember,
  type DemoOptions,
  type EyeColor,
  FEMALE_HAIR_STYLES,
  type Gender,
  type HairColor,
  MALE_HAIR_STYLES,
  type NameLocale,
  type Niche,
  type PortraitSpec,
  type RelationshipStatus,
  type Seeking,
  type Sexuality,
  type SignupReason,
} from './demo/types.ts';

/** `opts.count` members of a site, always the same ones for the same options. */
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
    const { first, surname } = personNameFor(rng, locale, gender, age);
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
    const tattoos = tattoosFor(rng, niche, age);
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
