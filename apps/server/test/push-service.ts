import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser's push service (RFC 8030), so the real sending path runs offline:
 * it takes the server's POSTs, checks the VAPID authorization (RFC 8292: an ES256 JWT for this
 * origin, signed by the key it names), and decrypts the aes128gcm payload (RFC 8188/8291) with
 * the subscription's private key and auth secret, as the browser would. Each answer is 201 unless
 * a test asked for another (404, 410, 500...).
 */
export interface Received {
  /** The subscription's id at the stand-in (the last part of its endpoint). */
  id: string;
  /** The decrypted payload, parsed. */
  payload: unknown;
  /** The payload's plaintext exactly as decrypted. */
  text: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID public key the push was signed with. */
  vapidKey: string;
  /** The status the stand-in answered. */
  status: number;
}

/** The browser's side of one subscription: its key pair and auth secret. */
interface BrowserKeys {
  privateKey: crypto.KeyObject;
  /** Uncompressed P-256 point (65 bytes). */
  publicKey: Buffer;
  auth: Buffer;
}

export interface PushServiceStandIn {
  origin: string;
  /** A new subscription with keys made here; what `PushSubscription.toJSON()` would give. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** A subscription whose keys a browser made (its private key as a JWK, e.g. from WebCrypto). */
  adopt(keys: { privateJwk: crypto.JsonWebKey; auth: string }): { endpoint: string; id: string };
  /** The answers for the next pushes, in order (201 after they are used up). */
  answer(...statuses: number[]): void;
  /** Every push taken so far (including those answered with an error). */
  received: Received[];
  /** Resolves once `n` pushes have come (no polling, no sleeps). */
  waitFor(n: number): Promise<Received[]>;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188: the plaintext of an aes128gcm body for the browser with `keys`. */
export function decryptAes128gcm(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65 || rs < 18) throw new Error('not an aes128gcm web push body');
  if (ciphertext.length > rs) throw new Error('more than one record: a push is one record');
  const senderKey = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64u(senderPublic.subarray(1, 33)),
      y: b64u(senderPublic.subarray(33)),
    },
    format: 'jwk',
  });
  const ecdhSecret = crypto.diffieHellman({ privateKey: keys.privateKey, publicKey: senderKey });
  const prkKey = hmac(keys.auth, ecdhSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.publicKey,
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<jwt>, k=<key>`; the JWT is ES256, for this origin, not expired, with a contact. */
export function checkVapid(header: string | undefined, origin: string): string {
  const m = header?.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/);
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const head = JSON.parse(Buffer.from(h, 'base64url').toString());
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  if (head.alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  const point = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('VAPID JWT expiry out of range');
  if (!/^(mailto:|https?:\/\/)/.test(String(claims.sub))) throw new Error('VAPID subject is no contact');
  return k;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const subs = new Map<string, BrowserKeys>();
  const planned: number[] = [];
  const received: Received[] = [];
  const waiters: { n: number; resolve: (r: Received[]) => void }[] = [];
  let origin = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = req.url?.match(/^\/push\/([\w-]+)$/)?.[1];
      const keys = id ? subs.get(id) : undefined;
      if (req.method !== 'POST' || !id || !keys) {
        res.writeHead(404).end();
        return;
      }
      let entry: Received;
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL header');
        const vapidKey = checkVapid(req.headers.authorization, origin);
        const text = decryptAes128gcm(Buffer.concat(chunks), keys);
        entry = {
          id,
          text,
          payload: JSON.parse(text),
          ttl,
          urgency: req.headers.urgency as string | undefined,
          topic: req.headers.topic as string | undefined,
          vapidKey,
          status: planned.shift() ?? 201,
        };
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
        return;
      }
      received.push(entry);
      res.writeHead(entry.status).end();
      for (const w of [...waiters])
        if (received.length >= w.n) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(received.slice());
        }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const add = (keys: BrowserKeys) => {
    const id = crypto.randomBytes(12).toString('base64url');
    subs.set(id, keys);
    return { id, endpoint: `${origin}/push/${id}` };
  };

  return {
    origin,
    received,
    subscribe() {
      const ecdh = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      const jwk = ecdh.publicKey.export({ format: 'jwk' });
      const publicKey = Buffer.concat([
        Buffer.from([4]),
        Buffer.from(jwk.x!, 'base64url'),
        Buffer.from(jwk.y!, 'base64url'),
      ]);
      const auth = crypto.randomBytes(16);
      const { endpoint } = add({ privateKey: ecdh.privateKey, publicKey, auth });
      return { endpoint, keys: { p256dh: b64u(publicKey), auth: b64u(auth) } };
    },
    adopt({ privateJwk, auth }) {
      const privateKey = crypto.createPrivateKey({ key: privateJwk, format: 'jwk' });
      const publicKey = Buffer.concat([
        Buffer.from([4]),
        Buffer.from(privateJwk.x!, 'base64url'),
        Buffer.from(privateJwk.y!, 'base64url'),
      ]);
      return add({ privateKey, publicKey, auth: Buffer.from(auth, 'base64url') });
    },
    answer(...statuses) {
      planned.push(...statuses);
    },
    waitFor(n) {
      if (received.length >= n) return Promise.resolve(received.slice());
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
