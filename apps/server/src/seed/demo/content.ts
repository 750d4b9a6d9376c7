/**
 * The demo content: first names, surnames, username prefixes and about-me fragments per language
 * (demo-content/<lng>.json), and the region tables of places (demo-content/places.json). The JSON
 * is bundled into the server (an import, not a file read) and validated here when the module loads,
 * so a broken data file fails at start naming the file and the path of what is wrong.
 */
import { INTERESTS, type Interest, RELATIONSHIP_STATUSES } from '@amora/contracts';
import { z } from 'zod';
import de from '../demo-content/de.json' with { type: 'json' };
import en from '../demo-content/en.json' with { type: 'json' };
import es from '../demo-content/es.json' with { type: 'json' };
import fr from '../demo-content/fr.json' with { type: 'json' };
import it from '../demo-content/it.json' with { type: 'json' };
import nl from '../demo-content/nl.json' with { type: 'json' };
import pl from '../demo-content/pl.json' with { type: 'json' };
import places from '../demo-content/places.json' with { type: 'json' };
import {
  DEMO_LANGUAGES,
  type DemoLanguage,
  type Gender,
  type NameLocale,
  NICHES,
  type Niche,
  type RelationshipStatus,
  type Seeking,
} from './types.ts';

/** `young` names are common among people under ~35, `classic` among older members. */
export interface NamePool {
  f: { young: readonly string[]; classic: readonly string[] };
  m: { young: readonly string[]; classic: readonly string[] };
  surnames: readonly string[];
}

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

/** Username prefixes ('SunnyLisa', 'LieveAnja'): international favourites plus a few local ones. */
export interface UsernameAdjectives {
  f: readonly string[];
  m: readonly string[];
}

/** Language mix of a region (or country) as [name locale, weight] pairs. */
export type LocaleMix = readonly (readonly [NameLocale, number])[];

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

const PLACEHOLDER = /\{(?:name|city|age|ageWord)\}/g;

/** A sentence: no blank ends, and no braces except the known placeholders. */
const sentence = z
  .string()
  .min(1)
  .refine((s) => s === s.trim() && !/[{}]/.test(s.replace(PLACEHOLDER, '')), {
    error: 'needs text without surrounding spaces and only the placeholders {name} {city} {age} {ageWord}',
  });

/** A first name, surname or username prefix: letters, with spaces, hyphens or apostrophes inside. */
const name = z.string().regex(/^\p{L}(?:[\p{L} '-]*\p{L})?$/u);
const names = z.array(name).min(1);

const fragSchema = z.strictObject({
  t: z.union([sentence, z.strictObject({ f: sentence, m: sentence })]),
  tags: z.array(z.enum(INTERESTS)).min(1).optional(),
  g: z.enum(['male', 'female']).optional(),
  seek: z.enum(['male', 'female', 'both']).optional(),
  niche: z.array(z.literal(NICHES)).min(1).optional(),
  minAge: z.int().min(18).optional(),
  maxAge: z.int().min(18).optional(),
  status: z.array(z.enum(RELATIONSHIP_STATUSES)).min(1).optional(),
});

/**
 * Fits every member: no filter, and no {city} (members of countries without region data have none).
 * Each part needs one (hobby: one without tags), so a part never runs out of sentences for anyone.
 */
const fitsEveryone = ({ t, ...filters }: z.infer<typeof fragSchema>) =>
  Object.values(filters).every((v) => v === undefined) &&
  !(typeof t === 'string' ? t : t.f).includes('{city}');
const part = z.array(fragSchema).refine((list) => list.some(fitsEveryone), {
  error: 'needs a sentence without filters, tags or {city}',
});

/** One demo-content/<lng>.json. */
export const languageSchema = z.strictObject({
  names: z.strictObject({
    f: z.strictObject({ young: names, classic: names }),
    m: z.strictObject({ young: names, classic: names }),
    surnames: names,
  }),
  usernameAdjectives: z.strictObject({ f: names, m: names }),
  about: z.strictObject({ open: part, self: part, hobby: part, look: part, close: part }),
});

const localeMix = z.array(z.tuple([z.enum(DEMO_LANGUAGES), z.number().positive()])).min(1);

/** demo-content/places.json. */
export const placesSchema = z.strictObject({
  /** Rough populations (millions) per country and region. */
  regionPopulation: z.record(z.string(), z.record(z.string(), z.number().positive())),
  /** Language mix of regions of multilingual countries (BE, CH, CA). */
  regionLocales: z.record(z.string(), z.record(z.string(), localeMix)),
  /** Default language mix of a multilingual country's regions not listed in regionLocales. */
  countryLocales: z.record(z.string(), localeMix),
});

/** The validated content of a data file; throws naming the file and the path of each problem. */
export function loadContent<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid demo content in seed/demo-content/${file}: ${issues}`);
  }
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------

const files: Record<DemoLanguage, unknown> = { en, nl, de, fr, it, es, pl };
const languages = Object.fromEntries(
  DEMO_LANGUAGES.map((lng) => [lng, loadContent(`${lng}.json`, languageSchema, files[lng])]),
) as Record<DemoLanguage, z.infer<typeof languageSchema>>;
const byLanguage = <T>(get: (data: z.infer<typeof languageSchema>) => T) =>
  Object.fromEntries(DEMO_LANGUAGES.map((lng) => [lng, get(languages[lng])])) as Record<DemoLanguage, T>;

export const NAMES: Record<NameLocale, NamePool> = byLanguage((d) => d.names);
export const USERNAME_ADJECTIVES: Record<NameLocale, UsernameAdjectives> = byLanguage(
  (d) => d.usernameAdjectives,
);
export const ABOUT: Record<DemoLanguage, AboutLang> = byLanguage((d) => d.about);

const placeTables = loadContent('places.json', placesSchema, places);

/**
 * Rough populations (millions) used as region weights; the square root softens the spread so that
 * small regions still show up. Regions missing here weigh 1.
 */
export const REGION_POPULATION: Record<string, Record<string, number>> = placeTables.regionPopulation;

/**
 * Language mix of the regions of multilingual countries (BE, CH, CA): member names follow it, and
 * regions speaking the site's language are favoured (a Dutch site mostly shows Flemish Belgians).
 */
export const REGION_LOCALES: Record<string, Record<string, LocaleMix>> = placeTables.regionLocales;

/** Default language mix of a multilingual country's regions not listed above. */
export const COUNTRY_LOCALES: Record<string, LocaleMix> = placeTables.countryLocales;
