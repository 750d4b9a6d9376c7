import { type BodyOf, endpoints } from '@amora/contracts/endpoints';
import { call } from '../../api/client.ts';

/**
 * Passkeys (issue 30 item 4): the calls, and the browser's WebAuthn through SimpleWebAuthn's
 * browser part, loaded only when a passkey is used (never with a page).
 */
const { passkeys } = endpoints;
const webauthn = () => import('@simplewebauthn/browser');

type RegistrationJSON = BodyOf<typeof passkeys.register>['response'];
type AuthenticationJSON = BodyOf<typeof passkeys.login>['response'];

/** Whether this browser has WebAuthn at all. */
export const passkeysSupported = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** Whether the browser offers passkeys in a field's autofill (conditional UI). */
export const passkeyAutofillSupported = async () =>
  passkeysSupported() && (await webauthn()).browserSupportsWebAuthnAutofill();

/** The browser's dialog was cancelled, timed out, or another ceremony took its place. */
export const ceremonyCancelled = (err: unknown) =>
  err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');

/** The browser makes a passkey for the server's registration options (its dialog first). */
export async function createPasskeyCredential(options: object) {
  const { startRegistration } = await webauthn();
  return (await startRegistration({ optionsJSON: options as never })) as unknown as RegistrationJSON;
}

/** The browser signs the server's challenge with one of its passkeys (`autofill`: from the field's suggestions). */
export async function getPasskeyAssertion(options: object, autofill = false) {
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
  return response as unknown as AuthenticationJSON;
}

export const listPasskeys = async () => (await call(passkeys.list)).passkeys;

/** Adds a passkey: the password first, then the browser creates the credential, then the server keeps it. */
export async function addPasskey(password: string, name: string) {
  const { options } = await call(passkeys.registerOptions, { body: { password } });
  const response = await createPasskeyCredential(options);
  const body = { response, ...(name ? { name } : {}) };
  return (await call(passkeys.register, { body })).passkeys;
}

export const removePasskey = async (id: string) => (await call(passkeys.remove, { params: { id } })).passkeys;

/**
 * Logs in with a passkey: the browser offers this site's passkeys (none is named to it), the
 * server checks the answer. `autofill`: wait in the e-mail field's suggestions instead of a dialog.
 */
export async function loginWithPasskey(autofill = false) {
  const { options } = await call(passkeys.loginOptions);
  const response = await getPasskeyAssertion(options, autofill);
  return (await call(passkeys.login, { body: { response } })).user;
}

/** Ends a waiting passkey request (the autofill one, when the page leaves). */
export const cancelPasskeyRequest = async () => (await webauthn()).WebAuthnAbortService.cancelCeremony();
