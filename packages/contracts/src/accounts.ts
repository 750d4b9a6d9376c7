import { z } from 'zod';
import {
  BODY_TYPES,
  DELETE_REASONS,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
  SIGNUP_REASONS,
} from './profile.ts';
import { ageOn, MAX_AGE, MIN_AGE } from './rules.ts';

/**
 * Account contracts. Validation messages are error codes: each has a translation under
 * `errors.<code>` in every locale, so the browser and the server show the same words.
 */

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: 'email_invalid' })
  .pipe(z.email({ error: 'email_invalid' }));

export const usernameField = z
  .string()
  .trim()
  .refine((v) => !v.startsWith('@'), { error: 'username_starts_with_at', abort: true })
  .pipe(
    z
      .string()
      .min(3, { error: 'username_length' })
      .max(24, { error: 'username_length' })
      .regex(/^[\p{L}\p{N}_.-]+$/u, { error: 'username_chars' }),
  );

/** Passwords: 8 to 128 characters (spaces allowed, passphrases welcome); the common ones are refused by the server. */
export const passwordField = z
  .string()
  .min(8, { error: 'password_too_short' })
  .max(128, { error: 'password_too_long' });

export const dateOfBirthField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'dob_invalid' })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) return false;
      const age = ageOn(v);
      return age >= MIN_AGE && age <= MAX_AGE;
    },
    { error: 'dob_invalid' },
  );

export const trackingSchema = z
  .object({
    network: z.string().max(200),
    ref: z.string().max(200),
    sub1: z.string().max(200),
    sub2: z.string().max(200),
    sub3: z.string().max(200),
  })
  .partial();

/**
 * Spec §5: 'Username may not be the same as your e-mail address.' A refinement of the whole form
 * that runs as soon as both texts are there, even while other fields (or the username's own format,
 * which an address never passes) still fail: zod skips plain object refinements then, and the
 * member would only read "Use only letters, digits..." about a name that is their address.
 */
const notSameAsEmail = (v: { name: string; email: string }) =>
  v.name.trim().toLowerCase() !== v.email.trim().toLowerCase();
const usernameIsNotEmail = {
  path: ['name'],
  error: 'username_equals_email',
  when: (payload: { value: unknown }) => {
    const v = payload.value as { name?: unknown; email?: unknown } | undefined;
    return typeof v?.name === 'string' && typeof v.email === 'string' && v.name.trim() !== '';
  },
};

export const aboutField = z.string().trim().max(2000, { error: 'about_too_long' });

/** Step 0 of signup: the account itself. */
export const signupAccountSchema = z
  .object({
    email: emailField,
    name: usernameField,
    password: passwordField,
    date_of_birth: dateOfBirthField,
    gender: z.enum(['male', 'female'], { error: 'choose_option' }),
    seeking: z.enum(['male', 'female', 'both'], { error: 'choose_option' }),
  })
  .refine(notSameAsEmail, usernameIsNotEmail);

/** Steps 2-4 of signup: personal info and about-me, all optional. */
export const signupDetailsSchema = z.object({
  hair_color: z.enum(HAIR_COLORS).optional(),
  eye_color: z.enum(EYE_COLORS).optional(),
  body_type: z.enum(BODY_TYPES).optional(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).optional(),
  tattoos: z.boolean().optional(),
  signup_reason: z.enum(SIGNUP_REASONS).optional(),
  about: aboutField.optional(),
  interests: z.array(z.enum(INTERESTS)).max(20).optional(),
  signup_message: z.string().trim().max(500).optional(),
});

export const signupRequestSchema = z
  .object({
    ...signupAccountSchema.shape,
    ...signupDetailsSchema.shape,
    tracking: trackingSchema.optional(),
    /**
     * Spec §3 form state `signup_message`: the first message to the member whose page or lander
     * brought the visitor (`message_to`), sent when the account is activated. The site's
     * message_length applies on the server.
     */
    signup_message: z.string().trim().min(1).max(5000).optional(),
    message_to: z.string().uuid().optional(),
  })
  .refine(notSameAsEmail, usernameIsNotEmail);
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** Signup, password reset and resend all answer this, whether or not the address has an account. */
export const checkEmailResponseSchema = z.object({ status: z.literal('check_email'), email: z.string() });
export type CheckEmail = z.infer<typeof checkEmailResponseSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(1024),
});

export const mainImageSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.enum(['pending', 'active', 'rejected']),
});

/** The logged-in member as spec §3 describes the User, seen only by that member. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['not_confirmed', 'active']),
  paid_user: z.boolean(),
  credits: z.number().int(),
  /** Text messages the member may still send free (0 for premium; spec §6, the count is the site's). */
  free_messages_left: z.number().int(),
  language: z.string(),
  fictional_icon: z.string(),
  signup_date: z.string(),
  notifications_disabled: z.array(z.string()),
  profile: z.object({
    name: z.string(),
    country: z.string(),
    main_image: mainImageSchema.nullable(),
  }),
});
export type User = z.infer<typeof userSchema>;
export const userResponseSchema = z.object({ user: userSchema.nullable() });

export const languageUpdateSchema = z.object({
  language: z.enum(['en', 'nl', 'de', 'it', 'fr', 'es', 'pl']),
});

export const passwordResetRequestSchema = z.object({ email: emailField });
export const passwordResetDoSchema = z
  .object({ token: z.string().min(20).max(200), password: passwordField, password_repeat: z.string() })
  .refine((v) => v.password === v.password_repeat, {
    path: ['password_repeat'],
    error: 'passwords_mismatch',
  });

export const emailChangeSchema = z.object({
  new_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: 'new_email_invalid' })),
  password: z.string().max(1024),
});
export const tokenSchema = z.object({ token: z.string().min(20).max(200) });

export const passwordChangeSchema = z
  .object({
    old_password: z.string().max(1024),
    new_password: passwordField,
    new_password_repeat: z.string(),
  })
  .refine((v) => v.new_password === v.new_password_repeat, {
    path: ['new_password_repeat'],
    error: 'passwords_mismatch',
  });

export const deleteAccountSchema = z.object({
  reason: z.enum(DELETE_REASONS, { error: 'choose_option' }),
  remarks: z.string().trim().max(1000).optional(),
  password: z.string().max(1024),
});

export const signupMatchesQuerySchema = z.object({
  gender: z.enum(['male', 'female']),
  seeking: z.enum(['male', 'female', 'both']),
  age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE),
});
