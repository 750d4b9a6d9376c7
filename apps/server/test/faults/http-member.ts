/**
 * A member's browser over real HTTP, for fault tests that run the server as its own process:
 * keeps cookies, echoes the CSRF cookie, signs up and activates through the real mail.
 */
import { newSignup } from '../helpers.ts';
import type { ReceivedMail } from '../smtp.ts';

let members = 0;

export class HttpMember {
  readonly cookies = new Map<string, string>();
  /** Each member comes from an address of its own (X-Forwarded-For, believed with TRUST_PROXY=loopback). */
  ip = `10.88.${Math.floor(++members / 250) % 250}.${(members % 250) + 1}`;
  id = '';
  body = newSignup();
  constructor(
    readonly base: string,
    readonly host = 'localhost',
    /** How requests go out: fetch, or tlsFetch (tls-fetch.ts) to the test's own HTTPS proxy. */
    readonly fetcher: (url: string, init: RequestInit) => Promise<Response> = fetch,
  ) {}

  /** The same browser (its cookies and address) talking to another server (an instance, the proxy). */
  on(base: string, fetcher: HttpMember['fetcher'] = fetch): HttpMember {
    const other = new HttpMember(base, this.host, fetcher);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    other.ip = this.ip;
    other.id = this.id;
    other.body = this.body;
    return other;
  }

  async request(method: string, path: string, body?: unknown, timeoutMs = 10_000): Promise<Response> {
    const json = body === undefined ? undefined : JSON.stringify(body);
    return this.send(
      method,
      path,
      json,
      json === undefined ? {} : { 'content-type': 'application/json' },
      timeoutMs,
    );
  }

  /** A request with a body as given (a multipart upload: images.ts multipart()). */
  async send(
    method: string,
    path: string,
    payload: string | Buffer | undefined,
    extra: Record<string, string> = {},
    timeoutMs = 10_000,
  ): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('auth.csrf')) await this.request('GET', '/api/user.php');
    const headers: Record<string, string> = {
      host: this.host,
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': this.ip,
      ...extra,
    };
    if (method !== 'GET') headers['x-csrf-token'] = decodeURIComponent(this.cookies.get('auth.csrf') ?? '');
    const res = await this.fetcher(`${this.base}${path}`, {
      method,
      headers,
      body: payload as BodyInit | undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const value = pair!.slice(i + 1);
      if (/max-age=0/i.test(c) || value === '') this.cookies.delete(pair!.slice(0, i));
      else this.cookies.set(pair!.slice(0, i), value);
    }
    return res;
  }

  /** Signs up with `over` and follows the activation link from the mail the sink received. */
  async signUp(
    smtp: { waitFor: (to: string, pred?: (m: ReceivedMail) => boolean) => Promise<ReceivedMail> },
    over: Record<string, unknown> = {},
  ): Promise<this> {
    this.body = newSignup(over);
    const res = await this.request('POST', '/api/signup', this.body);
    if (res.status !== 202) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
    const mail = await smtp.waitFor(this.body.email, (m) => m.text.includes('/api/activate.php'));
    const link = mail.text.match(/https?:\/\/[^\s"<>]+(\/api\/activate\.php\?token=[A-Za-z0-9_-]+)/)?.[1];
    const activated = await this.request('GET', link!);
    if (activated.headers.get('location') !== '/activate/done') throw new Error('activation failed');
    const me = await (await this.request('GET', '/api/user.php')).json();
    this.id = String(me.user?.id ?? me.id ?? '');
    if (!this.id) throw new Error(`no member id in /api/user.php: ${JSON.stringify(me).slice(0, 200)}`);
    return this;
  }
}
