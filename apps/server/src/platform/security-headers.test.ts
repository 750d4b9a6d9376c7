import http from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers.ts';

const options = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet's own middleware puts on a real response. */
function headersOfHelmet(opts: Parameters<typeof helmet>[0]): Record<string, unknown> {
  const res = new http.ServerResponse(new http.IncomingMessage(null as never));
  res.setHeader('X-Powered-By', 'something');
  helmet(opts)(res.req, res, () => {});
  return res.getHeaders();
}

describe('helmetHeaders', () => {
  it('gives the very headers helmet sets, in the same order', () => {
    for (const opts of [options, { ...options, strictTransportSecurity: true }, {}]) {
      const { set, remove } = helmetHeaders(opts);
      const res = new http.ServerResponse(new http.IncomingMessage(null as never));
      res.setHeader('X-Powered-By', 'something');
      for (const name of remove) res.removeHeader(name);
      for (const [name, value] of set) res.setHeader(name, value);
      expect(res.getHeaders()).toEqual(headersOfHelmet(opts));
      expect(Object.keys(res.getHeaders())).toEqual(Object.keys(headersOfHelmet(opts)));
    }
  });

  it('sends HSTS only when asked', () => {
    const names = (opts: Parameters<typeof helmetHeaders>[0]) =>
      helmetHeaders(opts).set.map(([n]) => n.toLowerCase());
    expect(names({ ...options, strictTransportSecurity: true })).toContain('strict-transport-security');
    expect(names({ ...options, strictTransportSecurity: false })).not.toContain('strict-transport-security');
  });

  it('refuses per-request CSP values (they could not be worked out once)', () => {
    expect(() =>
      helmetHeaders({
        contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } },
      }),
    ).toThrow(/plain values/);
  });
});
