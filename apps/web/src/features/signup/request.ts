import type { SignupRequest } from '@amora/contracts';
import { ageOn, type Tracking } from '@amora/contracts/rules';
import type { ProfileDetailValues } from '../../entities/member/profile-form.ts';
import { hasTrafficSource } from '../../entities/signup/tracking.ts';

/** What the signup form holds; '' means "not chosen" (the schema decides what is required). */
export interface SignupFormValues extends ProfileDetailValues {
  email: string;
  name: string;
  password: string;
  date_of_birth: string;
  gender: '' | 'male' | 'female';
  seeking: '' | 'male' | 'female' | 'both';
  /** Spec §3 form state: the first message to the member whose page brought the visitor. */
  signup_message: string;
}

export const EMPTY_SIGNUP: SignupFormValues = {
  email: '',
  name: '',
  password: '',
  date_of_birth: '',
  gender: '',
  seeking: '',
  hair_color: '',
  eye_color: '',
  body_type: '',
  relationship_status: '',
  tattoos: '',
  signup_reason: '',
  about: '',
  interests: [],
  signup_message: '',
};

/**
 * The signup request body: unchosen options left out, tattoos as a boolean, tracking when known,
 * the signup message with the member it goes to.
 */
export function toSignupRequest(
  v: SignupFormValues,
  tracking: Tracking = {},
  messageTo?: string,
): SignupRequest {
  const req: Record<string, unknown> = {
    email: v.email,
    name: v.name,
    password: v.password,
    date_of_birth: v.date_of_birth,
    gender: v.gender || undefined,
    seeking: v.seeking || undefined,
  };
  for (const k of ['hair_color', 'eye_color', 'body_type', 'relationship_status', 'signup_reason'] as const) {
    if (v[k]) req[k] = v[k];
  }
  if (v.tattoos) req.tattoos = v.tattoos === 'yes';
  if (v.about.trim()) req.about = v.about.trim();
  if (v.interests.length) req.interests = v.interests;
  if (hasTrafficSource(tracking)) req.tracking = tracking;
  // The member whose page or lander brought the visitor goes along even without a message: the
  // activation then leads into that member's chat.
  if (messageTo) {
    req.message_to = messageTo;
    if (v.signup_message.trim()) req.signup_message = v.signup_message.trim();
  }
  return req as SignupRequest;
}

/** What /complete-signup and /signup-matches need after a signup (kept for this tab only). */
export interface SignupResult {
  email: string;
  gender: 'male' | 'female';
  seeking: 'male' | 'female' | 'both';
  age: number;
  /** The flow counted the push step: /complete-signup counts it too (one total all the way). */
  push?: boolean;
}

export function signupResult(v: SignupFormValues, email: string, now = new Date()): SignupResult | null {
  if (!v.gender || !v.seeking || !v.date_of_birth) return null;
  return { email, gender: v.gender, seeking: v.seeking, age: ageOn(v.date_of_birth, now) };
}

export const SIGNUP_RESULT_KEY = 'amora.signup';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function session(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function saveSignupResult(r: SignupResult, storage: Store | undefined = session()): void {
  try {
    storage?.setItem(SIGNUP_RESULT_KEY, JSON.stringify(r));
  } catch {
    // storage disabled: the follow-up pages fall back to their generic view
  }
}

/** This tab's signup result as stored: a string, which React can compare as a snapshot. */
export function storedSignupResult(storage: Store | undefined = session()): string | null {
  try {
    return storage?.getItem(SIGNUP_RESULT_KEY) ?? null;
  } catch {
    return null;
  }
}

export const readSignupResult = (storage: Store | undefined = session()): SignupResult | null =>
  parseSignupResult(storedSignupResult(storage));

export function parseSignupResult(stored: string | null): SignupResult | null {
  try {
    const v = JSON.parse(stored ?? 'null') as Partial<SignupResult> | null;
    if (
      !v ||
      typeof v.email !== 'string' ||
      (v.gender !== 'male' && v.gender !== 'female') ||
      (v.seeking !== 'male' && v.seeking !== 'female' && v.seeking !== 'both') ||
      typeof v.age !== 'number'
    ) {
      return null;
    }
    return { email: v.email, gender: v.gender, seeking: v.seeking, age: v.age, push: v.push === true };
  } catch {
    return null;
  }
}
