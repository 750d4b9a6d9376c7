import { directDebitBodySchema } from '@amora/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { DirectDebitValues } from './direct-debit.ts';

const formSchema = directDebitBodySchema.omit({ package_id: true, attempt_id: true, discount_code: true });

/**
 * The direct-debit form's check, a chunk of its own with zod (app/lazy-resolver.ts): the contract's
 * rules for the form (messages are error codes, shown as `errors.<code>`), the IBAN rule included
 * (the server applies the same schema). The first problem of each field counts.
 */
export const directDebitResolver: Resolver<DirectDebitValues> = async (values) => {
  const result = formSchema.safeParse(values);
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'root');
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  // No code typed yet is a field to fill in, not a wrong code.
  if (!values.code.trim()) errors.code = { type: 'custom', message: 'field_required' };
  if (Object.keys(errors).length) return { values: {}, errors: errors as FieldErrors<DirectDebitValues> };
  return { values, errors: {} };
};
