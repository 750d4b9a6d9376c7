import { complaintSchema } from '@amora/contracts';
import { schemaCheck } from '../../app/lazy-check.ts';

/** The complaint form's check (the contract's schema): a chunk of its own, see app/lazy-check.ts. */
export const complaintCheck = schemaCheck<{ reason: string; text: string }>(
  complaintSchema.pick({ reason: true, text: true }),
);
