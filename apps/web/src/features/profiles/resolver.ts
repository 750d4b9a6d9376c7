import { profileUpdateSchema } from '@amora/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { type ProfileFormValues, toUpdate } from '../../entities/member/profile-form.ts';

/**
 * Checks the profile editor's values with the shared schema (the same rules the server applies): a
 * chunk of its own with zod, see app/lazy-resolver.ts.
 */
export const profileResolver: Resolver<ProfileFormValues> = async (values) => {
  const parsed = profileUpdateSchema.safeParse(toUpdate(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<ProfileFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof ProfileFormValues;
    if (!errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
