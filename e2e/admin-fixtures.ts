import type { Page } from '@playwright/test';
import { catalog, expect } from './fixtures.ts';

/**
 * The operator console in browser journeys (issue 17). Operators are made through the server's
 * development route POST /dev/operators (DEV_MAIL_VIEWER=on, loopback requests only: the e2e
 * server has it), which uses the same service as `npm run admin -- create` and answers the
 * generated password once. Other areas' journeys reuse these (moderation, members, sites...).
 */
export interface TestOperator {
  id: string;
  email: string;
  password: string;
  name: string;
}

let made = 0;

/** A new operator with one role, for every site (`site: null`, the default) or one site by domain. */
export async function createOperator(
  opts: { role?: 'admin' | 'moderator' | 'support' | 'finance'; site?: string | null; name?: string } = {},
): Promise<TestOperator> {
  const port = process.env.E2E_PORT ?? '3100';
  const name = opts.name ?? `Operator ${process.pid}-${++made}`;
  // Straight from this process (Node's fetch): no forwarded address, as the dev tools require.
  const res = await fetch(`http://localhost:${port}/dev/operators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, role: opts.role ?? 'admin', site: opts.site ?? null }),
  });
  if (!res.ok) throw new Error(`/dev/operators answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { id?: string; email?: string; password?: string; error?: string };
  if (!body.password) throw new Error(`/dev/operators: ${JSON.stringify(body)}`);
  return { id: body.id!, email: body.email!, password: body.password, name };
}

/** A console text (`admin.core.<key>`, or any catalog key with `full`) in a language, as the operator reads it. */
export function consoleText(key: string, locale = 'en', full = false): string {
  let node: unknown = catalog(locale);
  for (const k of (full ? key : `admin.core.${key}`).split('.')) node = (node as Record<string, unknown>)[k];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${locale}`);
  return node;
}

/** The English texts of a console area (`admin.<area>.<key>`), with their {{placeholders}} filled from `vars`. */
export const areaText =
  (area: string) =>
  (key: string, vars: Record<string, string | number> = {}): string =>
    consoleText(`admin.${area}.${key}`, 'en', true).replace(/\{\{(\w+)\}\}/g, (_, v: string) =>
      String(vars[v] ?? ''),
    );

/**
 * Opens `path` of the console (the overview by default), which leads to /admin/login, logs the
 * operator in there with e-mail and password, and waits until the console shows `path`.
 */
export async function logInToConsole(
  page: Page,
  operator: TestOperator,
  path = '/admin',
  locale = 'en',
): Promise<Page> {
  const t = (key: string) => consoleText(key, locale);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: t('login.title') })).toBeVisible();
  await page.getByLabel(consoleText('auth.email', locale, true)).fill(operator.email);
  await page.getByLabel(consoleText('auth.password', locale, true), { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: t('login.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('login.title') })).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === path);
  return page;
}

/** Makes an operator and logs it in (the two above together). */
export async function consoleOperator(
  page: Page,
  opts: Parameters<typeof createOperator>[0] = {},
): Promise<TestOperator> {
  const operator = await createOperator(opts);
  await logInToConsole(page, operator);
  return operator;
}
