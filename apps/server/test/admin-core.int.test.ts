import { describe, expect, it } from 'vitest';
import { runAdminCli } from '../src/cli/admin.ts';
import { totpCode } from '../src/features/admin/totp.ts';
import { audit } from '../src/platform/audit.ts';
import { useTestApp, Visitor } from './helpers.ts';
import { auditOf, consoleClient, newOperator } from './operators.ts';

/** Issue 17: console login (password, lockout, second factor), console sessions, the CLI, the audit log. */
const t = useTestApp({ members: 4 });

const login = (v: Visitor, email: string, password: string) =>
  v.post('/api/admin/session', { email, password });

/** The code of the authenticator app `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) => totpCode(secret, Date.now() + steps * 30_000);

async function withTotp(grants: Parameters<typeof newOperator>[1] = [{ role: 'admin' }]) {
  const { v, operator } = await consoleClient(t, grants);
  const { secret } = (await v.post('/api/admin/account/totp/setup')).json();
  const enabled = await v.post('/api/admin/account/totp', { code: codeAt(secret) });
  expect(enabled.statusCode).toBe(200);
  expect(enabled.json().operator.totp_enabled).toBe(true);
  return { operator, secret };
}

describe('console login', () => {
  it('gives the same answer for an unknown address and a wrong password, and opens nothing', async () => {
    const op = await newOperator(t, [{ role: 'admin' }]);
    const v = new Visitor(t.app);
    const wrong = await login(v, op.email, 'not-the-password-at-all');
    const unknown = await login(v, 'nobody-here@example.test', 'not-the-password-at-all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toEqual(unknown.json().error);
    expect(v.cookies.has('auth.op')).toBe(false);
    expect((await v.get('/api/admin/dashboard')).statusCode).toBe(404);
  });

  it('logs in with the right password, and a member login of the same browser is no console login', async () => {
    const { v: member } = await t.member();
    expect((await member.get('/api/admin/session')).json().operator).toBeNull();
    const op = await newOperator(t, [{ role: 'moderator', site: 'localhost' }]);
    const res = await login(member, op.email, op.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().operator).toMatchObject({ email: op.email, roles: ['moderator'] });
    const dash = await member.get('/api/admin/dashboard');
    expect(dash.statusCode).toBe(200);
    expect(dash.json().jobs).toBeNull(); // background jobs are for admins
    // The member is still logged in beside it.
    expect((await member.get('/api/user.php')).json().user).not.toBeNull();
  });

  it('refuses an operator on a site where it has no role, as a wrong password', async () => {
    const op = await newOperator(t, [{ role: 'admin', site: 'nl.localhost' }]);
    const res = await login(new Visitor(t.app), op.email, op.password);
    expect(res.statusCode).toBe(401);
    expect((await login(new Visitor(t.app, 'nl.localhost:3999'), op.email, op.password)).statusCode).toBe(
      200,
    );
  });

  it('blocks an address for 15 minutes after 5 wrong passwords, even for the right one', async () => {
    const op = await newOperator(t, [{ role: 'admin' }]);
    const v = new Visitor(t.app);
    for (let i = 0; i < 4; i++)
      expect((await login(v, op.email, `wrong-password-${i}`)).statusCode).toBe(401);
    const fifth = await login(v, op.email, 'wrong-password-5');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('operator_login_blocked');
    expect(fifth.json().error.message).toMatch(/15 min/);
    const right = await login(v, op.email, op.password);
    expect(right.statusCode).toBe(429);
    expect(v.cookies.has('auth.op')).toBe(false);
    // The CLI's password reset lifts the block.
    const out: string[] = [];
    expect(
      await runAdminCli(t.db, ['reset-password', '--email', op.email], { out: (l) => out.push(l), env: {} }),
    ).toBe(0);
    const password = out.join('\n').match(/shown only now\): (\S+)/)![1]!;
    expect((await login(v, op.email, password)).statusCode).toBe(200);
  });

  it('logs out: the session is gone on the server', async () => {
    const { v } = await consoleClient(t, [{ role: 'admin' }]);
    const token = v.cookies.get('auth.op')!;
    const out = await v.request('DELETE', '/api/admin/session', {});
    expect(out.statusCode).toBe(200);
    expect(out.json().operator).toBeNull();
    // Even with the old cookie kept, nothing opens.
    v.cookies.set('auth.op', token);
    expect((await v.get('/api/admin/dashboard')).statusCode).toBe(404);
  });
});

describe('the second factor (TOTP)', () => {
  it('asks for the code after the password; the password alone opens nothing', async () => {
    const { operator, secret } = await withTotp();
    const v = new Visitor(t.app);
    const first = await login(v, operator.email, operator.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ operator: null, next: 'totp' });
    expect((await v.get('/api/admin/dashboard')).statusCode).toBe(404);
    const wrong = await v.post('/api/admin/session/totp', {
      code: '000000' === codeAt(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('totp_invalid');
    // A code of the next step is accepted (clocks drift by up to one step).
    const ok = await v.post('/api/admin/session/totp', { code: codeAt(secret, 1) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().operator.email).toBe(operator.email);
    expect((await v.get('/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('never accepts a code twice, nor an older one after it', async () => {
    const { operator, secret } = await withTotp();
    const a = new Visitor(t.app);
    await login(a, operator.email, operator.password);
    const code = codeAt(secret, 1); // the step after the one that confirmed the set-up
    expect((await a.post('/api/admin/session/totp', { code })).statusCode).toBe(200);
    const b = new Visitor(t.app);
    await login(b, operator.email, operator.password);
    const replay = await b.post('/api/admin/session/totp', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('totp_invalid');
    const older = await b.post('/api/admin/session/totp', { code: codeAt(secret, -1) });
    expect(older.statusCode).toBe(400);
    expect((await b.get('/api/admin/dashboard')).statusCode).toBe(404);
  });

  it('refuses codes further than one step away', async () => {
    const { operator, secret } = await withTotp();
    const v = new Visitor(t.app);
    await login(v, operator.email, operator.password);
    const far = codeAt(secret, 3);
    const near = [-1, 0, 1].map((s) => codeAt(secret, s));
    if (!near.includes(far))
      expect((await v.post('/api/admin/session/totp', { code: far })).statusCode).toBe(400);
  });

  it('when required by an admin: the login must set it up before anything else opens', async () => {
    const { v: admin } = await consoleClient(t, [{ role: 'admin' }]);
    const op = await newOperator(t, [{ role: 'support', site: 'localhost' }]);
    const required = await admin.put(`/api/admin/operators/${op.id}/totp-required`, { required: true });
    expect(required.statusCode).toBe(200);
    expect(required.json().operators.find((o: { id: string }) => o.id === op.id).totp_required).toBe(true);

    const v = new Visitor(t.app);
    const first = await login(v, op.email, op.password);
    expect(first.json()).toMatchObject({ next: 'totp_setup', operator: { email: op.email } });
    expect((await v.get('/api/admin/dashboard')).statusCode).toBe(404);
    const { secret } = (await v.post('/api/admin/account/totp/setup')).json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // It cannot be removed while required.
    const done = await v.post('/api/admin/account/totp', { code: codeAt(secret) });
    expect(done.json()).toMatchObject({ next: null, operator: { totp_enabled: true, totp_required: true } });
    expect((await v.get('/api/admin/dashboard')).statusCode).toBe(200);
    const remove = await v.request('DELETE', '/api/admin/account/totp', {});
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.code).toBe('totp_required');
    // The audit log tells who required it and that it was set up.
    const log = (await admin.get('/api/admin/audit')).json();
    const actions = log.entries
      .filter((e: { subject_id: string }) => e.subject_id === op.id)
      .map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['operator.require_totp', 'operator.totp_enable', 'operator.create']),
    );
  });
});

describe('operators within reach (issue 25 item 3)', () => {
  type Listed = { id: string; manageable: boolean; grants: { role: string; site_id: number | null }[] };
  const listed = async (v: Visitor) => (await v.get('/api/admin/operators')).json().operators as Listed[];

  it("a site's admin cannot switch the authenticator requirement of an all-sites admin, nor end its sessions", async () => {
    const { v: global, operator: g } = await consoleClient(t, [{ role: 'admin' }]);
    const { v: siteAdmin } = await consoleClient(t, [{ role: 'admin', site: 'localhost' }]);
    for (const required of [true, false, true]) {
      const res = await siteAdmin.put(`/api/admin/operators/${g.id}/totp-required`, { required });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const [row] = await t.db.query<{ totp_required: boolean }>(
      'SELECT totp_required FROM operators WHERE id = $1',
      [g.id],
    );
    expect(row!.totp_required).toBe(false);
    // The all-sites admin is still logged in, and no entry says otherwise.
    expect((await global.get('/api/admin/session')).json().operator).toMatchObject({ id: g.id });
    expect((await auditOf(t, g.id)).map((e) => e.action)).toEqual(['operator.create', 'session.login']);
    // The console says so before anyone tries: the all-sites admin is listed, but not to be managed here.
    expect((await listed(siteAdmin)).find((o) => o.id === g.id)?.manageable).toBe(false);
    expect((await listed(global)).find((o) => o.id === g.id)?.manageable).toBe(true);
  });

  it("a site's admin acts on its own site's operators only, never on one who also works elsewhere", async () => {
    const { v: siteAdmin } = await consoleClient(t, [{ role: 'admin', site: 'localhost' }]);
    const own = await newOperator(t, [{ role: 'moderator', site: 'localhost' }]);
    const shared = await newOperator(t, [
      { role: 'support', site: 'localhost' },
      { role: 'support', site: 'nl.localhost' },
    ]);
    const list = await listed(siteAdmin);
    expect(list.find((o) => o.id === own.id)?.manageable).toBe(true);
    expect(list.find((o) => o.id === shared.id)?.manageable).toBe(false);
    // Another site's grants are not this admin's business: only this site's are shown.
    const nl = await t.siteId('nl.localhost');
    expect(list.flatMap((o) => o.grants).some((g) => g.site_id === nl)).toBe(false);
    const ok = await siteAdmin.put(`/api/admin/operators/${own.id}/totp-required`, { required: true });
    expect(ok.statusCode).toBe(200);
    const refused = await siteAdmin.put(`/api/admin/operators/${shared.id}/totp-required`, {
      required: true,
    });
    expect(refused.statusCode).toBe(404);
    const rows = await t.db.query<{ id: string; totp_required: boolean }>(
      'SELECT id, totp_required FROM operators WHERE id = ANY($1::uuid[])',
      [[own.id, shared.id]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.totp_required]))).toEqual({
      [own.id]: true,
      [shared.id]: false,
    });
  });

  it("a site's admin sees only its own site's audit; entries of every site (site NULL) are for all-sites admins", async () => {
    const { v: siteAdmin, operator: a } = await consoleClient(t, [{ role: 'admin', site: 'localhost' }]);
    const { v: global } = await consoleClient(t, [{ role: 'admin' }]);
    const marker = `test.reach.${Date.now().toString(36)}`;
    await audit(t.db, null, { action: `${marker}.global`, siteId: null, subjectType: 'x', subjectId: 'g' });
    await audit(t.db, null, {
      action: `${marker}.nl`,
      siteId: await t.siteId('nl.localhost'),
      subjectType: 'x',
      subjectId: 'nl',
    });
    await audit(t.db, null, {
      action: `${marker}.here`,
      siteId: await t.siteId('localhost'),
      subjectType: 'x',
      subjectId: 'here',
    });
    const seen = async (v: Visitor) => {
      const log = (await v.get('/api/admin/audit?limit=100')).json();
      return {
        actions: (log.entries as { action: string }[])
          .map((e) => e.action)
          .filter((x) => x.startsWith(marker))
          .sort(),
        facets: log.actions as string[],
      };
    };
    const mine = await seen(siteAdmin);
    expect(mine.actions).toEqual([`${marker}.here`]);
    expect(mine.facets).not.toContain(`${marker}.global`);
    // An all-sites operator's own doings elsewhere (its creation, site NULL) are not listed either.
    expect(
      (await siteAdmin.get(`/api/admin/audit?limit=100&action=${marker}.global`)).json().entries,
    ).toEqual([]);
    expect((await seen(global)).actions).toEqual([`${marker}.global`, `${marker}.here`]);
    // The site admin's own login on this site is in its site's log.
    const own = (await siteAdmin.get(`/api/admin/audit?limit=100&operator=${a.id}`)).json().entries;
    expect(own.map((e: { action: string }) => e.action)).toContain('session.login');
  });
});

describe('console sessions', () => {
  it('end after 30 minutes without a request, and after 12 hours in any case', async () => {
    const { v: idle, operator: idler } = await consoleClient(t, [{ role: 'admin' }]);
    expect((await idle.get('/api/admin/dashboard')).statusCode).toBe(200);
    await t.db.query(
      "UPDATE operator_sessions SET last_seen_at = now() - interval '31 minutes' WHERE operator_id = $1",
      [idler.id],
    );
    expect((await idle.get('/api/admin/dashboard')).statusCode).toBe(404);
    expect((await idle.get('/api/admin/session')).json().operator).toBeNull();

    const { v: busy, operator } = await consoleClient(t, [{ role: 'admin' }]);
    await t.db.query(
      "UPDATE operator_sessions SET expires_at = now() - interval '1 second' WHERE operator_id = $1",
      [operator.id],
    );
    expect((await busy.get('/api/admin/dashboard')).statusCode).toBe(404);
  });

  it('end when the operator is disabled, and a role taken away closes its routes at once', async () => {
    const { v, operator } = await consoleClient(t, [{ role: 'admin' }]);
    const io = { out: () => {}, env: {} };
    expect(
      await runAdminCli(
        t.db,
        ['grant', '--email', operator.email, '--role', 'moderator', '--site', 'localhost'],
        io,
      ),
    ).toBe(0);
    expect(await runAdminCli(t.db, ['revoke', '--email', operator.email, '--role', 'admin'], io)).toBe(0);
    expect((await v.get('/api/admin/audit')).statusCode).toBe(404); // audit is admin only
    expect((await v.get('/api/admin/dashboard')).statusCode).toBe(200);
    expect(await runAdminCli(t.db, ['disable', '--email', operator.email], io)).toBe(0);
    expect((await v.get('/api/admin/dashboard')).statusCode).toBe(404);
    expect((await login(new Visitor(t.app), operator.email, operator.password)).statusCode).toBe(401);
  });

  it('carry their own CSRF token: a token from before the console login is refused', async () => {
    const op = await newOperator(t, [{ role: 'admin' }]);
    const v = new Visitor(t.app);
    await v.get('/api/user.php');
    const before = v.cookies.get('auth.csrf')!;
    await login(v, op.email, op.password);
    expect(v.cookies.get('auth.csrf')).not.toBe(before);
    const stale = await v.request(
      'PUT',
      `/api/admin/operators/${op.id}/totp-required`,
      { required: false },
      {
        'x-csrf-token': before,
        cookie: [...v.cookies].map(([k, val]) => `${k}=${k === 'auth.csrf' ? before : val}`).join('; '),
      },
    );
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('csrf');
  });
});

describe('npm run admin', () => {
  const run = async (argv: string[], env: Record<string, string> = {}) => {
    const out: string[] = [];
    const code = await runAdminCli(t.db, argv, { out: (l) => out.push(l), env });
    return { code, out: out.join('\n') };
  };

  it('creates the first admin with a generated one-time password, printed once, stored as argon2id', async () => {
    const r = await run([
      'create',
      '--email',
      'First.Admin@Example.test',
      '--name',
      'First Admin',
      '--role',
      'admin',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('admin for every site');
    const password = r.out.match(/shown only now\): (\S+)/)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    const [row] = await t.db.query<{ password_hash: string; email: string }>(
      "SELECT password_hash, email FROM operators WHERE email = 'first.admin@example.test'",
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain(password);
    const v = new Visitor(t.app);
    expect((await login(v, 'first.admin@example.test', password)).statusCode).toBe(200);
    // Created from the command line: the audit log says so.
    const log = (await v.get('/api/admin/audit?action=operator.create')).json();
    expect(
      log.entries.some((e: { operator_id: null; operator_name: string }) => e.operator_id === null),
    ).toBe(true);
  });

  it('takes the password from ADMIN_PASSWORD (and prints none), refuses weak ones, duplicates and unknown sites', async () => {
    const ok = await run(
      [
        'create',
        '--email',
        'envpass@example.test',
        '--name',
        'Env',
        '--role',
        'finance',
        '--site',
        'de.localhost',
      ],
      {
        ADMIN_PASSWORD: 'a long passphrase for the console',
      },
    );
    expect(ok.code).toBe(0);
    expect(ok.out).not.toContain('passphrase');
    expect(ok.out).toContain('finance for site de.localhost');
    expect(
      (
        await run(['create', '--email', 'weak@example.test', '--name', 'W', '--role', 'admin'], {
          ADMIN_PASSWORD: 'password123',
        })
      ).code,
    ).toBe(1);
    expect(
      (await run(['create', '--email', 'envpass@example.test', '--name', 'Again', '--role', 'admin'])).out,
    ).toContain('exists already');
    expect(
      (
        await run([
          'create',
          '--email',
          'x@example.test',
          '--name',
          'X',
          '--role',
          'admin',
          '--site',
          'nowhere.test',
        ])
      ).code,
    ).toBe(1);
    expect(
      (await run(['create', '--email', 'y@example.test', '--name', 'Y', '--role', 'owner'])).out,
    ).toContain('unknown role');
    expect((await run(['frobnicate'])).code).toBe(64);
    const list = await run(['list']);
    expect(list.out).toMatch(/envpass@example\.test\tEnv\tfinance@de\.localhost/);
  });

  it('require-totp makes the next login set up the app', async () => {
    const op = await newOperator(t, [{ role: 'admin' }]);
    expect((await run(['require-totp', '--email', op.email])).code).toBe(0);
    const v = new Visitor(t.app);
    expect((await login(v, op.email, op.password)).json().next).toBe('totp_setup');
    expect((await run(['require-totp', '--email', op.email, '--off'])).code).toBe(0);
    expect((await login(new Visitor(t.app), op.email, op.password)).json().next).toBeNull();
  });
});

describe('the audit log', () => {
  it('is append-only: the database refuses to change or delete an entry', async () => {
    await audit(t.db, null, { action: 'test.entry', siteId: null, subjectType: 'test', subjectId: '1' });
    await expect(
      t.db.query("UPDATE operator_audit SET action = 'x' WHERE action = 'test.entry'"),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.query("DELETE FROM operator_audit WHERE action = 'test.entry'")).rejects.toThrow(
      /append-only/,
    );
  });

  it('refuses TRUNCATE too, also by CASCADE, and so do the credits ledger and the mandate records (issue 25 item 6)', async () => {
    await audit(t.db, null, { action: 'test.truncate', siteId: null, subjectType: 'test', subjectId: '1' });
    for (const sql of [
      'TRUNCATE operator_audit',
      'TRUNCATE operators CASCADE',
      'TRUNCATE credit_ledger',
      'TRUNCATE users CASCADE',
      'TRUNCATE payment_mandates CASCADE',
    ]) {
      await expect(t.db.query(sql), sql).rejects.toThrow(/append-only: TRUNCATE is refused/);
    }
    const [row] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM operator_audit WHERE action = 'test.truncate'",
    );
    expect(row!.n).toBe(1);
  });

  it('pages from newest to oldest and filters by operator and action, showing only this site and every-site entries', async () => {
    const { v, operator } = await consoleClient(t, [{ role: 'admin' }]);
    const nl = await t.siteId('nl.localhost');
    await audit(
      t.db,
      { id: operator.id, name: operator.name },
      { action: 'test.elsewhere', siteId: nl, subjectType: 'x', subjectId: 'nl' },
    );
    for (let i = 0; i < 5; i++) {
      await audit(
        t.db,
        { id: operator.id, name: operator.name },
        {
          action: 'test.page',
          siteId: await t.siteId(),
          subjectType: 'x',
          subjectId: String(i),
          reason: `reason ${i}`,
        },
      );
    }
    const first = (await v.get(`/api/admin/audit?operator=${operator.id}&action=test.page&limit=3`)).json();
    expect(first.entries.map((e: { subject_id: string }) => e.subject_id)).toEqual(['4', '3', '2']);
    expect(first.next).not.toBeNull();
    const second = (
      await v.get(`/api/admin/audit?operator=${operator.id}&action=test.page&limit=3&before=${first.next}`)
    ).json();
    expect(second.entries.map((e: { subject_id: string }) => e.subject_id)).toEqual(['1', '0']);
    expect(second.next).toBeNull();
    const all = (await v.get(`/api/admin/audit?operator=${operator.id}&limit=100`)).json();
    expect(all.entries.some((e: { action: string }) => e.action === 'test.elsewhere')).toBe(false);
    expect(all.operators.some((o: { id: string }) => o.id === operator.id)).toBe(true);
    expect(all.actions).toContain('test.page');
  });

  it('counts what waits on the dashboard, and lists dead jobs to admins', async () => {
    const { v } = await consoleClient(t, [{ role: 'admin' }]);
    await t.db.query(
      "INSERT INTO jobs (name, state, attempts, last_error, finished_at) VALUES ('test.failing', 'dead', 8, 'it broke', now())",
    );
    const before = (await v.get('/api/admin/dashboard')).json();
    // A member reports another: one more open report on the overview.
    const reporter = await t.member();
    const reported = await t.member();
    const filed = await reporter.v.post('/api/complaints', {
      member_id: reported.id,
      reason: 'scam',
      text: 'Asked me to send money for a train ticket.',
    });
    expect(filed.statusCode).toBe(201);
    const d = (await v.get('/api/admin/dashboard')).json();
    expect(d.open_reports).toBe(before.open_reports + 1);
    expect(typeof d.pending_photos).toBe('number');
    expect(typeof d.open_appeals).toBe('number');
    expect(d.jobs.dead_total).toBeGreaterThanOrEqual(1);
    expect(d.jobs.dead[0]).toMatchObject({ name: 'test.failing', attempts: 8, error: 'it broke' });
    // Jobs are every site's (a dead mail job's error names its recipient): not for a site's admin.
    const { v: siteAdmin } = await consoleClient(t, [{ role: 'admin', site: 'localhost' }]);
    expect((await siteAdmin.get('/api/admin/dashboard')).json().jobs).toBeNull();
  });
});
