/**
 * The push services browsers subscribe with: Chrome, Edge (Chromium), Opera, Samsung Internet
 * and Brave use FCM; Firefox Mozilla's autopush; legacy Edge the Windows notification service;
 * Safari Apple's. The server posts only to these (and to the origins of PUSH_SERVICES): a
 * subscription is the browser's word, and an endpoint elsewhere would let anyone make the server
 * post to an address of their choosing (request forgery).
 */
const BUILT_IN = [
  'https://fcm.googleapis.com',
  'https://android.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
  'https://*.push.apple.com',
];

/** Whether `endpoint` lies on one of the push services (built in, or `extra` origins; port may be *). */
export function isKnownPushService(endpoint: string, extra: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return [...BUILT_IN, ...extra].some((origin) => {
    const m = origin.match(/^(https?):\/\/(\*\.)?([^/:]+)(?::(\d+|\*))?$/);
    if (!m) return false;
    const [, scheme, wildcard, host, port] = m;
    if (url.protocol !== `${scheme}:`) return false;
    const hostOk = wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host;
    const portOk = port === '*' || url.port === (port ?? '');
    return hostOk && portOk;
  });
}
