import type { OperatorRole } from '@amora/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { createOperator, generatePassword, grantRole } from '../src/features/admin/operators.service.ts';
import type { createProfile } from '../src/features/fictional/fictional.service.ts';
import type { Db } from '../src/platform/db.ts';
import { AppError } from '../src/platform/errors.ts';
import { Visitor } from './helpers.ts';

/** A role for a site (by domain) or, with `site: null` or none, for every site. */
export interface TestGrant {
  role: OperatorRole;
  site?: string | null;
}

let operators = 0;

/** Creates an operator with these grants (through the service the CLI uses); returns its login. */
export async function newOperator(
  t: { db: Db },
  grants: TestGrant[],
  over: { email?: string; name?: string } = {},
): Promise<{ id: string; email: string; password: string; name: string }> {
  const n = `${Date.now().toString(36)}${++operators}`;
  const email = over.email ?? `operator${n}@example.test`;
  const name = over.name ?? `Operator ${n}`;
  const password = generatePassword();
  const siteId = async (domain: string | null | undefined) => {
    if (!domain) return null;
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM sites WHERE domain = $1', [domain]);
    if (!row) throw new Error(`no site ${domain}`);
    return row.id;
  };
  const [first, ...rest] = grants;
  if (!first) throw new Error('newOperator: at least one grant');
  const id = await createOperator(t.db, null, {
    email,
    name,
    password,
    role: first.role,
    siteId: await siteId(first.site),
  });
  for (const g of rest) await grantRole(t.db, null, email, g.role, await siteId(g.site));
  return { id, email, password, name };
}

/**
 * A browser of the console for inject(): logs the operator in on `host` through the console's
 * login (cookie + CSRF as the web app keeps them). Throws unless the login completed.
 */
export async function consoleClient(
  t: { app: FastifyInstance; db: Db },
  grants: TestGrant[],
  host = 'localhost:3999',
): Promise<{ v: Visitor; operator: Awaited<ReturnType<typeof newOperator>> }> {
  const operator = await newOperator(t, grants);
  const v = new Visitor(t.app, host);
  const res = await v.post('/api/admin/session', { email: operator.email, password: operator.password });
  if (res.statusCode !== 200 || !res.json().operator) throw new Error(`console login failed: ${res.body}`);
  return { v, operator };
}

/** An operator row to act as in a service call (the audit's actor); no login, no grants. */
export async function auditActor(
  t: { db: Db },
  email: string,
  name: string,
): Promise<{ id: string; name: string }> {
  const [op] = await t.db.query<{ id: string }>(
    `INSERT INTO operators (email, name, password_hash) VALUES ($1, $2, 'x') RETURNING id`,
    [email, name],
  );
  return { id: op!.id, name };
}

/** The audit log's entries about one subject (member, code, order, photo, ...), oldest first. */
export const auditOf = (t: { db: Db }, subjectId: string) =>
  t.db.query<{
    action: string;
    operator_name: string;
    reason: string | null;
    details: Record<string, unknown>;
  }>('SELECT action, operator_name, reason, details FROM operator_audit WHERE subject_id = $1 ORDER BY id', [
    subjectId,
  ]);

/**
 * What a console area's service tests act in and as: the Dutch demo site, another site (whose
 * records the area must not reach), and an operator to act as (Fien, fin@example.org).
 */
export async function consoleScene(t: { app: FastifyInstance; db: Db }) {
  return {
    site: await t.app.sites.forHost('nl.localhost:3999'),
    otherSite: await t.app.sites.forHost('localhost:3999'),
    actor: await auditActor(t, 'fin@example.org', 'Fien'),
  };
}

/** The consoleScene of a file's tests, made before they run: read its fields inside a test. */
export function useConsoleScene(t: { app: FastifyInstance; db: Db }) {
  const scene = {} as Awaited<ReturnType<typeof consoleScene>>;
  beforeAll(async () => {
    Object.assign(scene, await consoleScene(t));
  });
  return scene;
}

/** A member's credits beside the sum of their ledger (0 without entries): the two must agree. */
export const creditsAndLedger = async (t: { db: Db }, id: string) =>
  (
    await t.db.query<{ sum: number; credits: number }>(
      `SELECT coalesce((SELECT sum(delta)::int FROM credit_ledger WHERE user_id = $1), 0) AS sum,
              credits FROM users WHERE id = $1`,
      [id],
    )
  )[0]!;

let fictionals = 0;
/** What the console's form sends for a new fictional profile (a fresh name each call), with `over`. */
export const fictionalProfileInput = (over: Partial<Parameters<typeof createProfile>[3]> = {}) => ({
  name: `Julian${++fictionals}${Date.now().toString(36).slice(-4)}`,
  gender: 'male' as const,
  seeking: 'female' as const,
  birth_date: '1988-03-03',
  country: 'US',
  region: null,
  city: 'Boston',
  about: 'Sailing, old films and long breakfasts.',
  interests: ['music' as const],
  hair_color: null,
  eye_color: 'blue' as const,
  body_type: null,
  relationship_status: 'single' as const,
  fictional: true,
  ...over,
});

/** The AppError a service call is refused with (fails the test if it is not refused so). */
export async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}
