import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createOperatorSession } from '../src/platform/operators.ts';
import { useTestApp, Visitor } from './helpers.ts';
import { consoleClient, newOperator } from './operators.ts';

/**
 * Issue 17: the console does not exist for anyone but its operators. Walks every route the app
 * registered with an `op:*` access (so routes added later are walked too) and asks each as a
 * visitor, a member, an operator of another site, and operators without the role: all get 404,
 * the rightful operator never does.
 */
const t = useTestApp({ members: 4 });

const ROLES = ['admin', 'moderator', 'support', 'finance'] as const;

/** A concrete URL for a route: path parameters filled with an id that exists nowhere. */
function urlOf(r: RouteOptions): string {
  return r.url.replace(/:(\w+)\??/g, (_m, name: string) =>
    /id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x',
  );
}

function methodsOf(r: RouteOptions): ('GET' | 'POST' | 'PUT' | 'DELETE')[] {
  return [r.method]
    .flat()
    .filter((m): m is 'GET' | 'POST' | 'PUT' | 'DELETE' => ['GET', 'POST', 'PUT', 'DELETE'].includes(m));
}

function consoleRoutes() {
  return t.app.routeTable.filter((r) => String(r.config?.access ?? '').startsWith('op:'));
}

describe('the console routes', () => {
  it('exist (the walk has something to walk)', () => {
    const urls = consoleRoutes().map((r) => r.url);
    expect(urls).toContain('/api/admin/dashboard');
    expect(urls).toContain('/api/admin/audit');
  });

  it('answer 404 to visitors, members, operators of another site and operators without the role', async () => {
    const visitor = new Visitor(t.app);
    const { v: member } = await t.member();
    // An operator of nl.localhost: logged in there, its cookie sent to localhost...
    const { v: elsewhere } = await consoleClient(
      t,
      [{ role: 'admin', site: 'nl.localhost' }],
      'nl.localhost:3999',
    );
    const carried = new Visitor(t.app);
    for (const [k, v] of elsewhere.cookies) carried.cookies.set(k, v);
    carried.cookies.delete('auth.csrf'); // the CSRF token this site gives to that cookie
    await carried.get('/api/user.php');
    // ...and a session of that operator made on localhost itself (no login would give one).
    const other = await newOperator(t, [{ role: 'admin', site: 'nl.localhost' }]);
    const token = await createOperatorSession(t.db, other.id, await t.siteId('localhost'), 'active', 'test');
    // (the cookie first: the CSRF token the browser then gets is bound to it, as a real one would be)
    const forged = new Visitor(t.app);
    forged.cookies.set('auth.op', token);
    await forged.get('/api/user.php');
    // A login still waiting for its second factor opens nothing either.
    const half = await newOperator(t, [{ role: 'admin' }]);
    const halfToken = await createOperatorSession(t.db, half.id, await t.siteId('localhost'), 'totp', 'test');
    const pending = new Visitor(t.app);
    pending.cookies.set('auth.op', halfToken);
    await pending.get('/api/user.php');

    const byRole = Object.fromEntries(
      await Promise.all(ROLES.map(async (role) => [role, (await consoleClient(t, [{ role }])).v] as const)),
    );
    const routes = consoleRoutes();
    expect(routes.length).toBeGreaterThan(1);
    for (const r of routes) {
      const access = String(r.config!.access);
      const needed = access.slice(3);
      const outsiders: [string, Visitor][] = [
        ['visitor', visitor],
        ['member', member],
        ['operator of another site (its cookie)', carried],
        ['operator of another site (a session here)', forged],
        ['login without its second factor', pending],
      ];
      for (const role of ROLES) {
        const allowed = needed === 'any' || needed === 'self' || role === 'admin' || role === needed;
        if (!allowed) outsiders.push([`${role} operator`, byRole[role]!]);
      }
      for (const method of methodsOf(r)) {
        const url = urlOf(r);
        for (const [who, v] of outsiders) {
          const res = await v.request(method, url, method === 'GET' ? undefined : {});
          expect(res.statusCode, `${method} ${url} as ${who}`).toBe(404);
          expect(res.json().error.code, `${method} ${url} as ${who}`).toBe('not_found');
        }
        // The rightful operator: admin (every role) and the role itself get past the access check.
        const rightful =
          needed === 'any' || needed === 'self' || needed === 'admin' ? ['admin'] : ['admin', needed];
        for (const role of rightful) {
          const res = await byRole[role]!.request(method, url, method === 'GET' ? undefined : {});
          // 404 may still come from the handler (an id that exists nowhere), never as the access's answer
          // to an unknown path: tell them apart by asking for a path with no such route.
          if (res.statusCode === 404) {
            expect(r.url, `${method} ${url} as ${role}: 404 only for a missing object`).toMatch(/:\w+/);
          }
        }
      }
    }
  });
});
