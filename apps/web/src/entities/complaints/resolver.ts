import { complaintSchema } from '@amora/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

/** The complaint form's checks (the contract's schema): a chunk of its own, see app/lazy-resolver.ts. */
export const complaintResolver = zodResolver(
  complaintSchema.pick({ reason: true, text: true }),
) as unknown as Resolver<{ reason: string; text: string }>;
