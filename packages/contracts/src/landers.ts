import type { SearchCard } from './profiles.ts';

/** The nine landers of spec §2 (`/landers/{design}/{slug?}`). */
export const LANDER_DESIGNS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
  'tinderswipe',
] as const;
export type LanderDesign = (typeof LANDER_DESIGNS)[number];

/** The member landers of spec §2 (`/members/{id}/landing`, `landing2/{slug?}`, `landing3/{slug?}`, `signup`). */
export const MEMBER_LANDER_DESIGNS = ['landing', 'landing2', 'landing3', 'signup'] as const;
export type MemberLanderDesign = (typeof MEMBER_LANDER_DESIGNS)[number];

/** What a member lander shows of its member: public fields only, the main photo, the fictional mark. */
export interface MemberTeaser {
  id: string;
  name: string;
  age: number;
  gender: 'male' | 'female';
  city: string | null;
  region: string | null;
  country: string;
  about: string;
  interests: string[];
  main_image: string | null;
  activity: SearchCard['activity'];
  fictional: boolean;
}

/**
 * The map of the map lander: our region list's cities of the visitor's country as dots (x, y in
 * a `width` x `height` box), and the members whose city lies there as pins. City positions only:
 * members have no coordinates.
 */
export interface LanderMap {
  country: string;
  width: number;
  height: number;
  places: { x: number; y: number; city: string }[];
  pins: { id: string; x: number; y: number }[];
}

/** A lander page's data (the server fetches it before rendering; the page reads it from the boot state). */
export interface LanderPageData {
  design: LanderDesign | MemberLanderDesign;
  /** The slug's niche (i18n LANDER_NICHES) and the language the page renders in. */
  niche: string;
  locale: string;
  /** The path every slug variant of this lander names as its canonical URL. */
  canonical: string;
  members: SearchCard[];
  total: number;
  member?: MemberTeaser;
  map?: LanderMap;
}

/** The one canonical path of a lander, whatever its slug (so its variants are not duplicate content). */
export function landerCanonicalPath(design: LanderDesign | MemberLanderDesign, memberId?: string): string {
  return memberId ? `/members/${memberId}/${design}` : `/landers/${design}`;
}
