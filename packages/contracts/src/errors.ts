import { z } from 'zod';

/** Stable error codes; each has a translated message under `errors.<code>` in every locale. */
export const ERROR_CODES = [
  'generic',
  'not_found',
  'validation',
  'authentication_required',
  'forbidden',
  'rate_limited',
  'payload_too_large',
  'service_unavailable',
  'storage_full',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    status: z.number().int(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.record(z.string(), z.string()).optional(),
  }),
  authentication_required: z.boolean().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
