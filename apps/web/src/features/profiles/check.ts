import { profileUpdateSchema } from '@amora/contracts';
import { schemaCheck } from '../../app/lazy-check.ts';
import { type ProfileFormValues, toUpdate } from '../../entities/member/profile-form.ts';

/**
 * Checks the profile editor's values with the shared schema (the same rules the server applies): a
 * chunk of its own with zod, see app/lazy-check.ts.
 */
export const profileCheck = schemaCheck<ProfileFormValues>(profileUpdateSchema, toUpdate);
