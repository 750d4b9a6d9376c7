import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as members from '../src/features/admin-members/admin-members.service.ts';
import { useTestApp } from './helpers.ts';
import { auditOf, consoleClient, creditsAndLedger, refusal, useConsoleScene } from './operators.ts';

// The console's members area (issue 17 item 5), through its services with an operator as actor.
const t = useTestApp({ members: 4 });
const NL = 'nl.localhost:3999';

const scene = useConsoleScene(t);

const audits = (subject: string) => auditOf(t, subject);
describe('finding a member', () => {
  it('by e-mail, its start, name or id; never a password hash; pages of 20', async () => {
    const { id, body } = await t.member({ country: 'NL' }, NL);
    const byMail = await members.searchMembers(t.db, scene.site, body.email.toUpperCase(), 1);
    expect(byMail.members.map((m) => m.id)).toEqual([id]);
    expect(byMail.members[0]).toMatchObject({ email: body.email, credits: 5 });
    expect(JSON.stringify(byMail)).not.toContain('password');
    const byStart = await members.searchMembers(t.db, scene.site, body.email.slice(0, 12), 1);
    expect(byStart.members.map((m) => m.id)).toContain(id);
    const byName = await members.searchMembers(t.db, scene.site, body.name.slice(2, 14), 1);
    expect(byName.members.map((m) => m.id)).toContain(id);
    expect((await members.searchMembers(t.db, scene.site, id, 1)).members).toHaveLength(1);
    const all = await members.searchMembers(t.db, scene.site, '', 1);
    expect(all.members.length).toBeLessThanOrEqual(20);
  });

  it("an operator of another site finds nothing of this site's members (404)", async () => {
    const { id, body } = await t.member({ country: 'NL' }, NL);
    expect((await members.searchMembers(t.db, scene.otherSite, body.email, 1)).members).toEqual([]);
    expect((await members.searchMembers(t.db, scene.otherSite, id, 1)).members).toEqual([]);
    expect((await refusal(members.memberDetail(t.db, scene.otherSite, id))).status).toBe(404);
    expect((await refusal(members.memberLedger(t.db, scene.otherSite, id, undefined))).status).toBe(404);
    const adj = { adjustment_id: randomUUID(), delta: 10, reason: 'goodwill' };
    expect((await refusal(members.adjustCredits(t.db, scene.otherSite, scene.actor, id, adj))).status).toBe(
      404,
    );
    expect((await creditsAndLedger(t, id)).credits).toBe(5);
  });

  it('the detail: profile, photos, reports about and by, orders; the ledger in pages', async () => {
    const { id } = await t.member({ country: 'NL' }, NL);
    const d = await members.memberDetail(t.db, scene.site, id);
    expect(d.member).toMatchObject({
      id,
      status: 'active',
      credits: 5,
      sessions: 1,
      notifications_disabled: [],
    });
    expect(d.photos).toEqual([]);
    expect(d.orders).toEqual([]);
    expect(JSON.stringify(d)).not.toMatch(/password|argon|"ip"/);
    const ledger = await members.memberLedger(t.db, scene.site, id, undefined);
    expect(ledger.entries).toEqual([
      expect.objectContaining({ delta: 5, reason: 'signup', balance_after: 5 }),
    ]);
    expect(ledger.next_cursor).toBeNull();
  });
});

describe('credit adjustments', () => {
  it('are ledger entries: the ledger sums to the balance, each audited once, a retry books once', async () => {
    const { id } = await t.member({ country: 'NL' }, NL);
    const a = { adjustment_id: randomUUID(), delta: 40, reason: 'Goodwill for a failed payment' };
    expect(await members.adjustCredits(t.db, scene.site, scene.actor, id, a)).toEqual({
      credits: 45,
      ref: `adjust:${a.adjustment_id}`,
    });
    expect(await members.adjustCredits(t.db, scene.site, scene.actor, id, a)).toMatchObject({ credits: 45 });
    const minus = { adjustment_id: randomUUID(), delta: -15, reason: 'Booked twice by mistake' };
    expect((await members.adjustCredits(t.db, scene.site, scene.actor, id, minus)).credits).toBe(30);
    expect(await creditsAndLedger(t, id)).toEqual({ sum: 30, credits: 30 });
    const log = await audits(id);
    expect(log.map((l) => l.action)).toEqual(['member.credits_adjust', 'member.credits_adjust']);
    expect(log[0]).toMatchObject({
      operator_name: 'Fien',
      reason: 'Goodwill for a failed payment',
      details: { delta: 40, balance_before: 5, balance_after: 45 },
    });
    const page = await members.memberLedger(t.db, scene.site, id, undefined);
    expect(page.entries.map((e) => e.reason)).toEqual(['correction', 'correction', 'signup']);
  });

  it('an adjustment that would overdraw is refused with the balance and changes nothing', async () => {
    const { id } = await t.member({ country: 'NL' }, NL);
    const err = await refusal(
      members.adjustCredits(t.db, scene.site, scene.actor, id, {
        adjustment_id: randomUUID(),
        delta: -6,
        reason: 'too much',
      }),
    );
    expect(err.code).toBe('adjustment_overdraws');
    expect(err.vars).toEqual({ balance: '5' });
    expect(await creditsAndLedger(t, id)).toEqual({ sum: 5, credits: 5 });
    expect(await audits(id)).toEqual([]);
  });
});

describe('support actions', () => {
  it('ending the sessions logs the member out, audited', async () => {
    const { v, id } = await t.member({ country: 'NL' }, NL);
    expect((await v.get('/api/user.php')).json().user.id).toBe(id);
    const res = await members.endMemberSessions(
      t.db,
      scene.site,
      scene.actor,
      id,
      'Member asked: phone stolen',
    );
    expect(res.sessions).toBe(1);
    t.app.sessionCache.forget({ userId: id }); // the route does this (and closes the sockets)
    expect((await v.get('/api/user.php')).json().user).toBeNull();
    expect((await audits(id)).map((a) => a.action)).toEqual(['member.end_sessions']);
  });

  it('re-enabling notifications clears the bounce and is audited', async () => {
    const { id } = await t.member({ country: 'NL' }, NL);
    await t.db.query(`UPDATE users SET notifications_disabled = '{bounce}' WHERE id = $1`, [id]);
    await members.reenableMail(t.db, scene.site, scene.actor, id, 'Mailbox fixed, member wrote in');
    expect((await members.memberDetail(t.db, scene.site, id)).member.notifications_disabled).toEqual([]);
    expect((await audits(id))[0]).toMatchObject({
      action: 'member.enable_mail',
      details: { was: ['bounce'] },
    });
  });

  it('starting deletion is the 14-day deletion: pending, logged out, the reactivation mail sent; audited', async () => {
    const { v, id, body } = await t.member({ country: 'NL' }, NL);
    const ctx = { db: t.db, config: t.config, afterCommit: () => void t.app.mailer.kick() };
    await members.startMemberDeletion(ctx, scene.site, scene.actor, id, 'Member asked by phone');
    t.app.sessionCache.forget({ userId: id });
    const d = await members.memberDetail(t.db, scene.site, id);
    expect(d.member).toMatchObject({ status: 'pending_deletion', sessions: 0 });
    expect((await v.get('/api/user.php')).json().user).toBeNull();
    await t.smtp.waitFor(body.email, (m) => m.text.includes('/api/reactivate.php'));
    expect((await audits(id)).map((a) => a.action)).toEqual(['member.delete']);
    const again = await refusal(members.startMemberDeletion(ctx, scene.site, scene.actor, id, 'twice'));
    expect(again.code).toBe('member_not_deletable');
    expect(await audits(id)).toHaveLength(1);
  });
});

describe('through the console API', () => {
  it('finance finds a member by e-mail and adjusts credits; support may look but not adjust', async () => {
    const { id, body } = await t.member({ country: 'NL' }, NL);
    const { v: finance } = await consoleClient(t, [{ role: 'finance', site: 'nl.localhost' }], NL);
    const found = await finance.get(`/api/admin/members?q=${encodeURIComponent(body.email)}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().members).toEqual([expect.objectContaining({ id, email: body.email })]);
    expect(found.body).not.toMatch(/password/);
    const adj = { adjustment_id: randomUUID(), delta: 25, reason: 'Goodwill' };
    const res = await finance.post(`/api/admin/members/${id}/credits`, adj);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ credits: 30, ref: `adjust:${adj.adjustment_id}` });
    const over = await finance.post(`/api/admin/members/${id}/credits`, {
      adjustment_id: randomUUID(),
      delta: -31,
      reason: 'Too much',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('Het saldo zou onder nul komen: het lid heeft 30 credits.');
    const noReason = await finance.post(`/api/admin/members/${id}/credits`, {
      adjustment_id: randomUUID(),
      delta: 1,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(await creditsAndLedger(t, id)).toEqual({ sum: 30, credits: 30 });

    const { v: support } = await consoleClient(t, [{ role: 'support', site: 'nl.localhost' }], NL);
    expect((await support.get(`/api/admin/members/${id}`)).statusCode).toBe(200);
    const refused = await support.post(`/api/admin/members/${id}/credits`, {
      ...adj,
      adjustment_id: randomUUID(),
    });
    expect(refused.statusCode).toBe(404);
    expect((await support.post(`/api/admin/members/${id}/deletion`, { reason: 'not mine' })).statusCode).toBe(
      404,
    );
  });

  it('support ends the sessions: the member is logged out at once', async () => {
    const { v, id } = await t.member({ country: 'NL' }, NL);
    const { v: support } = await consoleClient(t, [{ role: 'support', site: 'nl.localhost' }], NL);
    const res = await support.post(`/api/admin/members/${id}/end-sessions`, { reason: 'Phone stolen' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await v.get('/api/user.php')).json().user).toBeNull();
  });

  it("an operator of another site gets 404 for this site's member", async () => {
    const { id, body } = await t.member({ country: 'NL' }, NL);
    const { v: other } = await consoleClient(t, [{ role: 'admin', site: 'localhost' }]);
    expect((await other.get(`/api/admin/members/${id}`)).statusCode).toBe(404);
    expect(
      (await other.get(`/api/admin/members?q=${encodeURIComponent(body.email)}`)).json().members,
    ).toEqual([]);
    const adj = await other.post(`/api/admin/members/${id}/credits`, {
      adjustment_id: randomUUID(),
      delta: 5,
      reason: 'x-site',
    });
    expect(adj.statusCode).toBe(404);
    expect((await creditsAndLedger(t, id)).credits).toBe(5);
  });
});
