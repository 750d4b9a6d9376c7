import { directDebitBodySchema } from '@amora/contracts';
import { type Check, schemaCheck } from '../../app/lazy-check.ts';
import type { DirectDebitValues } from './direct-debit.ts';

const formCheck = schemaCheck<DirectDebitValues>(
  directDebitBodySchema.omit({ package_id: true, attempt_id: true, discount_code: true }),
);

/**
 * The direct-debit form's check, a chunk of its own with zod (app/lazy-check.ts): the contract's
 * rules for the form (messages are error codes, shown as `errors.<code>`), the IBAN rule included
 * (the server applies the same schema). The first problem of each field counts.
 */
export const directDebitCheck: Check<DirectDebitValues> = (values) => {
  const errors = formCheck(values);
  // No code typed yet is a field to fill in, not a wrong code.
  if (!values.code.trim()) errors.code = { type: 'custom', message: 'field_required' };
  return errors;
};
