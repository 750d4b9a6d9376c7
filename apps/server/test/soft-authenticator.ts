import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for tests (passkeys, issue 30 item 4): makes real WebAuthn answers, as a
 * browser and its authenticator would, with P-256 keys of node:crypto. Registration answers carry
 * attestation 'none'; assertions are ES256 signatures over authenticatorData || SHA-256(clientData).
 */

const b64 = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  x: Buffer;
  y: Buffer;
  userHandle: string;
  counter: number;
}

/** Where the browser says it is: the page's origin and the RP ID it asks for. */
export interface Place {
  origin: string;
  rpId: string;
}

export const placeOf = (host: string): Place => ({
  origin: `http://${host}`,
  rpId: host.replace(/:\d+$/, ''),
});

function clientData(type: string, challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function counterBytes(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** A credential's answer as the browser hands it over (PublicKeyCredential.toJSON()). */
const answer = (id: string, response: Record<string, unknown>) => ({
  id,
  rawId: id,
  type: 'public-key',
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
  response,
});

/** A new credential for the registration options the server gave, and the browser's JSON answer. */
export function createCredential(
  options: { challenge: string; user: { id: string } },
  place: Place,
): { credential: SoftCredential; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x!, 'base64url');
  const y = Buffer.from(jwk.y!, 'base64url');
  const id = randomBytes(16);
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(x)],
      [-3, new Uint8Array(y)],
    ]),
  );
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const authData = Buffer.concat([
    sha256(place.rpId),
    Buffer.from([0x45]), // user present, user verified, attested credential data
    counterBytes(0),
    Buffer.alloc(16), // AAGUID: none
    idLength,
    id,
    Buffer.from(cose),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', new Uint8Array(authData)],
    ]) as never,
  );
  const credential = { id: b64(id), privateKey, x, y, userHandle: options.user.id, counter: 0 };
  return {
    credential,
    response: answer(credential.id, {
      clientDataJSON: b64(clientData('webauthn.create', options.challenge, place.origin)),
      attestationObject: b64(attestationObject),
      transports: ['internal'],
    }),
  };
}

/**
 * An assertion of `credential` for the challenge, as the browser would answer it. The counter
 * goes up by one unless `counter` names the one to sign.
 */
export function assert(
  credential: SoftCredential,
  challenge: string,
  place: Place,
  counter = credential.counter + 1,
): Record<string, unknown> {
  credential.counter = counter;
  const authData = Buffer.concat([sha256(place.rpId), Buffer.from([0x05]), counterBytes(counter)]);
  const data = clientData('webauthn.get', challenge, place.origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
  return answer(credential.id, {
    clientDataJSON: b64(data),
    authenticatorData: b64(authData),
    signature: b64(signature),
    userHandle: credential.userHandle,
  });
}

/** A credential this server never saw (a stranger's authenticator). */
export function strangerCredential(): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    id: b64(randomBytes(16)),
    privateKey,
    x: Buffer.from(jwk.x!, 'base64url'),
    y: Buffer.from(jwk.y!, 'base64url'),
    userHandle: b64(randomBytes(16)),
    counter: 0,
  };
}
