/**
 * The zod schemas of the members' passkey endpoints (issue 30 item 4); endpoint-schemas.ts joins
 * them with the app's and the console's.
 */
import { userResponseSchema } from './accounts.ts';
import {
  passkeyLoginSchema,
  passkeyOptionsRequestSchema,
  passkeyRegisterSchema,
  passkeysSchema,
  webauthnOptionsResponseSchema,
} from './passkeys.ts';
import { answering, idParams, tagged } from './route-schema.ts';

const passkeys = answering(passkeysSchema);
const options = answering(webauthnOptionsResponseSchema);

export const passkeyEndpointSchemas = {
  passkeys: tagged(['passkeys'], {
    list: passkeys({ summary: "The member's passkeys (name, created, last used)" }),
    registerOptions: options({
      summary: 'Options to create a passkey (after the current password)',
      body: passkeyOptionsRequestSchema,
    }),
    register: passkeys({ summary: 'Add the passkey the browser created', body: passkeyRegisterSchema }),
    remove: passkeys({ summary: 'Remove one of the own passkeys', params: idParams }),
    loginOptions: options({
      summary: 'Options for a passkey login (the same for every visitor: no credential named)',
    }),
    login: answering(userResponseSchema)({
      summary: 'Log in with a passkey (a failure answers as a wrong password does)',
      body: passkeyLoginSchema,
    }),
  }),
};
