import type { OwnProfile, ProfileUpdate } from '@amora/contracts';

/** The details answered by picking one option (a select, or radios at signup). */
export const DETAIL_CHOICES = [
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'signup_reason',
] as const;
export type DetailChoice = (typeof DETAIL_CHOICES)[number];

/**
 * The profile details asked for both at signup and in the profile editor: strings for the choices
 * ('' = no answer), a list for interests.
 */
export type ProfileDetailValues = {
  about: string;
  interests: string[];
  hair_color: string;
  eye_color: string;
  body_type: string;
  relationship_status: string;
  tattoos: '' | 'yes' | 'no';
  signup_reason: string;
};

/** The profile editor's values: the details plus whom the member seeks and where they live. */
export type ProfileFormValues = ProfileDetailValues & {
  seeking: string;
  country: string;
  region: string;
  city: string;
};

export const PROFILE_FORM_FIELDS = [
  'seeking',
  'country',
  'region',
  'city',
  'about',
  'interests',
  ...DETAIL_CHOICES,
] as const;

export function toFormValues(p: OwnProfile): ProfileFormValues {
  return {
    seeking: p.seeking,
    country: p.country,
    region: p.region ?? '',
    city: p.city ?? '',
    about: p.about,
    interests: [...p.interests],
    hair_color: p.hair_color ?? '',
    eye_color: p.eye_color ?? '',
    body_type: p.body_type ?? '',
    relationship_status: p.relationship_status ?? '',
    tattoos: p.tattoos === null ? '' : p.tattoos ? 'yes' : 'no',
    signup_reason: p.signup_reason ?? '',
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** Every field as the API takes it (the shared schema checks this). */
export function toUpdate(v: ProfileFormValues): ProfileUpdate {
  return {
    seeking: v.seeking as ProfileUpdate['seeking'],
    country: v.country,
    region: orNull(v.region),
    city: orNull(v.city),
    about: v.about.trim(),
    interests: v.interests as ProfileUpdate['interests'],
    hair_color: orNull(v.hair_color) as ProfileUpdate['hair_color'],
    eye_color: orNull(v.eye_color) as ProfileUpdate['eye_color'],
    body_type: orNull(v.body_type) as ProfileUpdate['body_type'],
    relationship_status: orNull(v.relationship_status) as ProfileUpdate['relationship_status'],
    tattoos: v.tattoos === '' ? null : v.tattoos === 'yes',
    signup_reason: orNull(v.signup_reason) as ProfileUpdate['signup_reason'],
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed against the saved profile (PUT /api/profile takes a partial update). */
export function changedFields(v: ProfileFormValues, saved: OwnProfile): ProfileUpdate {
  const next = toUpdate(v);
  const before = toUpdate(toFormValues(saved));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof ProfileUpdate)[]) {
    const a = key === 'interests' ? [...(next.interests ?? [])].sort() : next[key];
    const b = key === 'interests' ? [...(before.interests ?? [])].sort() : before[key];
    if (!same(a, b)) out[key] = next[key];
  }
  return out as ProfileUpdate;
}
