import { z } from 'zod';
import { PASSKEY_NAME_MAX } from './rules.ts';

/**
 * Passkeys (issue 30 item 4): WebAuthn's JSON as SimpleWebAuthn's browser and server parts write
 * it. The options the server hands out are passed to the browser as they are; the browser's answers
 * are checked for their shape here and verified on the server (platform/webauthn.ts).
 */
const b64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/);

/** Options for navigator.credentials.create / get, as the server made them (passed on unread). */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

const common = {
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** The browser's answer to a registration (startRegistration). */
export const registrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(20)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
    authenticatorData: b64url.optional(),
  }),
});

/** The browser's answer to an assertion (startAuthentication). */
export const authenticationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
});

/** A passkey's name: the member's, or by default the device and the date. */
export { PASSKEY_NAME_MAX };

/** Adding a passkey: the password first (as for the other sign-in settings), then the new credential. */
export const passkeyOptionsRequestSchema = z.object({ password: z.string().max(1024) });
export const passkeyRegisterSchema = z.object({
  response: registrationResponseSchema,
  name: z.string().trim().max(PASSKEY_NAME_MAX, { error: 'passkey_name_long' }).optional(),
});
export const passkeyLoginSchema = z.object({ response: authenticationResponseSchema });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysSchema = z.object({ passkeys: z.array(passkeySchema) });
export const webauthnOptionsResponseSchema = z.object({ options: webauthnOptionsSchema });
