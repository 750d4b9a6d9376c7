import { describe, expect, it } from 'vitest';
import { LIKES_JOB } from '../src/features/notifications/mail-rhythm.ts';
import { useTestApp } from './helpers.ts';

// The development tools with SMTP on, as the browser tests run the server (DEV_MAIL_VIEWER=on).
const t = useTestApp({ members: 2, env: { DEV_MAIL_VIEWER: 'on' } });

/** POST /dev/jobs/run-due as the developer on this machine (loopback, local host, no proxy). */
const runDue = (payload: unknown, extra: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/dev/jobs/run-due',
    remoteAddress: extra.remoteAddress ?? '127.0.0.1',
    headers: { host: 'localhost:3999', 'content-type': 'application/json', ...extra.headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const queuedLikes = async (likedId: string) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE name = $1 AND state = 'queued' AND payload->>'likedId' = $2`,
      [LIKES_JOB, likedId],
    )
  )[0]!.n;

describe('POST /dev/jobs/run-due', () => {
  it('runs the named queued jobs now, and the mail they send, instead of 15 minutes later', async () => {
    const a = await t.member({ gender: 'male', seeking: 'female' });
    const b = await t.member();
    expect((await a.v.post(`/api/likes/${b.id}`)).statusCode).toBeLessThan(300);
    // The like's event runs right after the answer and queues the likes mail for later.
    await t.app.jobs.idle();
    expect(await queuedLikes(b.id)).toBe(1);
    expect(t.smtp.mails.filter((m) => m.to.includes(b.body.email))).toHaveLength(1); // activation only

    const res = await runDue({ names: [LIKES_JOB] });
    expect(res.statusCode).toBe(200);
    expect(res.json().runs).toBeGreaterThanOrEqual(1);
    expect(await queuedLikes(b.id)).toBe(0);
    // Delivered by the time it answers.
    const mails = t.smtp.mails.filter((m) => m.to.includes(b.body.email) && m.text.includes(a.body.name));
    expect(mails).toHaveLength(1);
  });

  it('refuses unknown job names and anything but a JSON list of names, running nothing', async () => {
    const a = await t.member({ gender: 'male', seeking: 'female' });
    const b = await t.member();
    await a.v.post(`/api/likes/${b.id}`);
    await t.app.jobs.idle();
    for (const bad of [
      runDue({ names: ['no.such.job'] }),
      runDue({ names: [] }),
      runDue({ names: [LIKES_JOB], more: 1 }),
      // A form of another site can only post text/plain (no CORS preflight): not a list of names.
      runDue(JSON.stringify({ names: [LIKES_JOB] }), { headers: { 'content-type': 'text/plain' } }),
    ]) {
      expect((await bad).statusCode).toBe(400);
    }
    expect(await queuedLikes(b.id)).toBe(1);
  });

  it('does not exist for anyone but the developer on this machine', async () => {
    const b = await t.member();
    await (await t.member({ gender: 'male', seeking: 'female' })).v.post(`/api/likes/${b.id}`);
    await t.app.jobs.idle();
    for (const res of [
      await runDue({ names: [LIKES_JOB] }, { remoteAddress: '203.0.113.7' }),
      await runDue({ names: [LIKES_JOB] }, { headers: { 'x-forwarded-for': '203.0.113.7' } }),
      await runDue({ names: [LIKES_JOB] }, { headers: { host: 'amora.example' } }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await queuedLikes(b.id)).toBe(1);
  });
});
