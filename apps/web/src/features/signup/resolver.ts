import { signupRequestSchema } from '@amora/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { type SignupFormValues, toSignupRequest } from './request.ts';

/**
 * Validates the form with the shared signup schema (one rule, two places it runs): the form's
 * values become the request first, so what passes here is what the server gets. Messages are
 * error codes, shown as `errors.<code>`. Only the fields of the step on screen count
 * (`currentFields`), so each step submits like a form of its own.
 */
export function signupResolver(currentFields: () => readonly string[]): Resolver<SignupFormValues> {
  return async (values) => {
    const result = signupRequestSchema.safeParse(toSignupRequest(values));
    const fields = currentFields();
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error?.issues ?? []) {
      const field = String(issue.path[0] ?? 'root');
      // A cross-field rule (e.g. username equal to the e-mail) says more than a format rule: it wins.
      if (fields.includes(field) && (!errors[field] || issue.code === 'custom')) {
        errors[field] = { type: issue.code, message: issue.message };
      }
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: errors as FieldErrors<SignupFormValues> };
  };
}
