/**
 * fetch() over HTTPS to a server whose certificate the test made itself (nginx in front of the
 * instances, proxy.int.test.ts): the same Response a browser's fetch gives, every Set-Cookie kept,
 * the certificate not checked. Only for the test's own loopback servers.
 */
import https from 'node:https';

export async function tlsFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const u = new URL(url);
  const headers = new Headers(init.headers);
  const body =
    init.body === undefined || init.body === null
      ? undefined
      : Buffer.isBuffer(init.body)
        ? init.body
        : Buffer.from(String(init.body));
  if (body) headers.set('content-length', String(body.length));
  return new Promise<Response>((resolve, reject) => {
    const req = https.request(
      {
        host: u.hostname,
        port: u.port,
        path: `${u.pathname}${u.search}`,
        method: init.method ?? 'GET',
        headers: Object.fromEntries(headers),
        rejectUnauthorized: false,
        signal: init.signal ?? undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('error', reject);
        res.on('end', () => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            for (const one of [v ?? []].flat()) out.append(k, one);
          }
          const status = res.statusCode ?? 0;
          const noBody = status === 204 || status === 304;
          resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
