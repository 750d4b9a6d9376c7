/** Types and constants of the demo-member generator, shared by its modules (re-exported by demo-data.ts). */
import type { BODY_TYPES, EYE_COLORS, HAIR_COLORS, Interest, RELATIONSHIP_STATUSES } from '@amora/contracts';

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

/** Which naming tradition a member follows (a Walloon on a Dutch site has a French name). */
export type NameLocale = DemoLanguage;

/** Every demo language (and name locale), in the order of the data files. */
export const DEMO_LANGUAGES = [
  'en',
  'nl',
  'de',
  'fr',
  'it',
  'es',
  'pl',
] as const satisfies readonly DemoLanguage[];
export const NICHES = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly Niche[];

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
