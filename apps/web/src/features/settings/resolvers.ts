import { deleteAccountSchema, emailChangeSchema, passwordChangeSchema } from '@amora/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

/** The settings forms' checks (the contract's schemas): a chunk of its own, see app/lazy-resolver.ts. */
export const emailChange: Resolver<{ new_email: string; password: string }> = zodResolver(emailChangeSchema);
export const passwordChange: Resolver<{
  old_password: string;
  new_password: string;
  new_password_repeat: string;
}> = zodResolver(passwordChangeSchema);
// The select starts on '' ("choose a reason"), which the schema refuses with choose_option.
export const deleteAccount = zodResolver(deleteAccountSchema) as unknown as Resolver<{
  reason: string;
  remarks: string;
  password: string;
}>;
