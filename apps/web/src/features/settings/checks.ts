import { deleteAccountSchema, emailChangeSchema, passwordChangeSchema } from '@amora/contracts';
import { schemaCheck } from '../../app/lazy-check.ts';

/** The settings forms' checks (the contract's schemas): a chunk of its own, see app/lazy-check.ts. */
export const emailChange = schemaCheck<{ new_email: string; password: string }>(emailChangeSchema);
export const passwordChange = schemaCheck<{
  old_password: string;
  new_password: string;
  new_password_repeat: string;
}>(passwordChangeSchema);
// The select starts on '' ("choose a reason"), which the schema refuses with choose_option.
export const deleteAccount = schemaCheck<{ reason: string; remarks: string; password: string }>(
  deleteAccountSchema,
);
