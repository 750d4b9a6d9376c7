import { CONSOLE_QUEUE_PAGE } from '@amora/contracts';
import deMail from '@amora/i18n/mail/de.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { useTestApp, type Visitor } from './helpers.ts';
import { auditOf, consoleClient } from './operators.ts';

/**
 * Issue 26 item 16: the moderation queues page with their counts, the dashboard counts what waits
 * (130 open reports are 130, not the 100 two capped loads showed), and a restriction decided on
 * one report resolves the member's other waiting reports, recorded so the figures hold.
 */
const t = useTestApp();
const DE = 'de.localhost:3999';
const M = '/api/admin/moderation';
// biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON of the shapes the contracts give
const ok = async (res: Promise<{ statusCode: number; body: string; json: () => any }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const report = async (reporter: Visitor, memberId: string, text: string) => {
  const res = await reporter.post('/api/complaints', { member_id: memberId, reason: 'harassment', text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

describe('the moderation queues', () => {
  it('pages the reports 50 at a time with their count, and the dashboard counts every open report', async () => {
    const { v } = await consoleClient(t, [{ role: 'moderator', site: 'de.localhost' }], DE);
    const before = await ok(v.get('/api/admin/dashboard'));
    const reporter = await t.member({}, DE);
    const reported = await t.member({}, DE);
    // 130 reports filed (in bulk: the route's own limit would allow a member only a few an hour).
    await t.db.query(
      `INSERT INTO complaints (site_id, reporter_id, member_id, reason, text, reporter_name, reporter_email,
                               reporter_language, member_name, created_at)
       SELECT u.site_id, $1, $2, 'spam', 'Sends the same link to everyone ' || g, '', '', 'de', 'X',
              now() - (g || ' seconds')::interval
         FROM generate_series(1, 130) g, users u WHERE u.id = $1`,
      [reporter.id, reported.id],
    );
    const dash = await ok(v.get('/api/admin/dashboard'));
    expect(dash.open_reports).toBe(before.open_reports + 130);

    const total = dash.open_reports as number;
    const first = await ok(v.get(`${M}/reports`));
    expect(first).toMatchObject({ page: 1, has_more: true, total });
    expect(first.reports).toHaveLength(CONSOLE_QUEUE_PAGE);
    const pages = Math.ceil(total / CONSOLE_QUEUE_PAGE);
    const seen = new Set<string>();
    for (let page = 1; page <= pages; page++) {
      const p = await ok(v.get(`${M}/reports?page=${page}`));
      expect(p.has_more).toBe(page < pages);
      for (const r of p.reports as { id: string }[]) seen.add(r.id);
    }
    // Every waiting report is on exactly one page.
    expect(seen.size).toBe(total);
    // The photo and appeal queues answer pages with counts too, and the dashboard shows the same counts.
    const photos = await ok(v.get(`${M}/photos`));
    expect(photos.total).toBe(dash.pending_photos);
    const appeals = await ok(v.get(`${M}/appeals`));
    expect(appeals.total).toBe(dash.open_appeals);
    expect((await v.get(`${M}/reports?page=0`)).statusCode).toBe(400);
  });

  it('resolves the member’s other waiting reports when a restriction is imposed, and the figures count them', async () => {
    const { v } = await consoleClient(t, [{ role: 'moderator', site: 'de.localhost' }], DE);
    const offender = await t.member({}, DE);
    const bystander = await t.member({}, DE);
    const [r1, r2, r3] = [await t.member({}, DE), await t.member({}, DE), await t.member({}, DE)];
    const a = await report(r1!.v, offender.id, 'Beleidigt mich in jeder Nachricht.');
    const b = await report(r2!.v, offender.id, 'Hat mich wüst beschimpft, mehrmals.');
    const c = await report(r3!.v, offender.id, 'Droht mir, weil ich nicht antworte.');
    const other = await report(r3!.v, bystander.id, 'Schreibt mir ständig, obwohl ich Nein sage.');
    const today = new Date().toISOString().slice(0, 10);
    const figuresBefore = await ok(v.get(`${M}/transparency?from=${today}&to=${today}`));

    const decision = await ok(
      v.post(`${M}/reports/${a}`, {
        action: 'hide_profile',
        category: 'harassment',
        note: 'Beleidigungen gegenüber mehreren Mitgliedern.',
      }),
    );
    const waiting = new Set<string>();
    for (let page = 1; ; page++) {
      const p = await ok(v.get(`${M}/reports?page=${page}`));
      for (const r of p.reports as { id: string }[]) waiting.add(r.id);
      if (!p.has_more) break;
    }
    // The offender's three reports are decided; the report about someone else still waits.
    for (const id of [a, b, c]) expect(waiting.has(id)).toBe(false);
    expect(waiting.has(other)).toBe(true);
    for (const id of [b, c]) {
      const d = await ok(v.get(`${M}/reports/${id}`));
      expect(d.report.status).toBe('resolved');
    }
    // One decision, three reports: the figures say so.
    const figures = await ok(v.get(`${M}/transparency?from=${today}&to=${today}`));
    expect(figures.decisions).toBe(figuresBefore.decisions + 1);
    expect(figures.reports_decided.resolved).toBe(figuresBefore.reports_decided.resolved + 1);
    expect(figures.reports_decided.resolved_with_another).toBe(
      figuresBefore.reports_decided.resolved_with_another + 2,
    );
    const csv = await v.get(`${M}/transparency.csv?from=${today}&to=${today}&format=csv`);
    expect(csv.body).toContain('reports_decided,resolved_with_another,');
    // The audit entry names the reports resolved with it.
    const entry = (await auditOf(t, offender.id)).find((r) => r.action === 'moderation.report.hide_profile');
    expect(entry?.details).toMatchObject({ decision_id: decision.id });
    expect(new Set((entry?.details as { also_resolved?: string[] } | undefined)?.also_resolved)).toEqual(
      new Set([b, c]),
    );

    // Every reporter hears the outcome of their own report (DSA Art. 16(5)), in their language,
    // by its reference; the measure's details and the moderator's note stay private.
    const outcomeOf = async (to: string, id: string) => {
      const ref = id.slice(0, 8).toUpperCase();
      return t.smtp.waitFor(to, (m) => m.subject === deMail.complaintDecided.subject && m.text.includes(ref));
    };
    for (const [who, id] of [
      [r1!, a],
      [r2!, b],
      [r3!, c],
    ] as const) {
      const mail = await outcomeOf(who.body.email, id);
      expect(mail.text).toContain(deMail.complaintDecided.resolved);
      expect(mail.text).not.toContain('Beleidigungen gegenüber');
    }

    // A dismissal resolves nothing else, and its reporter hears that no breach was found.
    const d2 = await report(r1!.v, bystander.id, 'Noch eine Meldung über dasselbe Mitglied.');
    await ok(v.post(`${M}/reports/${other}`, { action: 'dismiss', note: 'Kein Verstoß erkennbar.' }));
    expect((await ok(v.get(`${M}/reports/${d2}`))).report.status).toBe('open');
    const dismissed = await outcomeOf(r3!.body.email, other);
    expect(dismissed.text).toContain(deMail.complaintDecided.dismissed);
    expect(dismissed.text).toContain(deMail.complaintDecided.redress.split('{{')[0]!);
  });
});
