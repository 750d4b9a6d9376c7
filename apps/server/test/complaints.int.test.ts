import de from '@amora/i18n/locales/de.json' with { type: 'json' };
import deMail from '@amora/i18n/mail/de.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { complaintQueue, moveComplaint } from '../src/features/complaints/complaints.service.ts';
import { useTestApp } from './helpers.ts';

const t = useTestApp();
const DE = 'de.localhost:3999';
const site = (domain = 'de.localhost') => t.app.sites.forHost(domain);

/** Issue 11 item 10: complaints are stored ready for the operator console, and the reporter hears what happens next. */
describe('complaints', () => {
  it('keeps status, reason and the reporter details for the console, and tells the reporter in their language what happens next', async () => {
    const reporter = await t.member({}, DE);
    const reported = await t.member({}, DE);
    const res = await reporter.v.post('/api/complaints', {
      member_id: reported.id,
      reason: 'scam',
      text: 'Asked me to send money for a train ticket.',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();

    const queue = await complaintQueue(t.db, await site());
    const mine = queue.find((c) => c.id === id);
    expect(mine).toMatchObject({
      status: 'open',
      reason: 'scam',
      text: 'Asked me to send money for a train ticket.',
      reporter_id: reporter.id,
      reporter_name: reporter.body.name,
      reporter_email: reporter.body.email,
      reporter_language: 'de',
      member_id: reported.id,
      member_name: reported.body.name,
      decision_note: null,
    });

    // The receipt, in German: the reason in words, the steps that follow, the reference.
    const mail = await t.smtp.waitFor(
      reporter.body.email,
      (m) => m.subject === deMail.complaintReceived.subject,
    );
    const reference = id.slice(0, 8).toUpperCase();
    expect(mail.text).toContain(reference);
    expect(mail.text).toContain(
      deMail.complaintReceived.reason.replace('{{reason}}', de.complaints.reasons.scam),
    );
    expect(mail.text).toContain(deMail.complaintReceived.next);
    expect(mail.text).toContain(deMail.complaintReceived.step1);
    expect(mail.text).toContain(deMail.complaintReceived.urgent);
    // The reported member is told nothing, and nothing restricts them.
    const toReported = t.smtp.mails.filter((m) => m.to.includes(reported.body.email));
    expect(toReported.filter((m) => m.text.includes(reference))).toEqual([]);
    expect((await reported.v.get('/api/user.php')).json().user.status).toBe('active');

    // The same report sent again (a reload of the chat, a second tap) is the same report: one in
    // the queue, one receipt.
    const again = await reporter.v.post('/api/complaints', {
      member_id: reported.id,
      reason: 'scam',
      text: 'Asked me to send money for a train ticket.',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(id);
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM complaints WHERE reporter_id = $1',
      [reporter.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('moves a complaint only forward: open, in review, then resolved or dismissed with a statement of reasons', async () => {
    const reporter = await t.member({}, DE);
    const s = await site();
    const file = async () =>
      (
        await reporter.v.post('/api/complaints', {
          reason: 'other',
          text: 'The site showed me an error page.',
        })
      ).json().id as string;
    const a = await file();
    const taken = await moveComplaint(t.db, s, a, 'in_review');
    expect(taken.status).toBe('in_review');
    expect((await complaintQueue(t.db, s, 'in_review')).map((c) => c.id)).toContain(a);
    expect((await complaintQueue(t.db, s, 'open')).map((c) => c.id)).not.toContain(a);
    // A decision needs its reasons.
    await expect(moveComplaint(t.db, s, a, 'resolved')).rejects.toMatchObject({ status: 400 });
    const done = await moveComplaint(t.db, s, a, 'resolved', 'Fixed the page; thanked the member.');
    expect(done).toMatchObject({ status: 'resolved', decision_note: 'Fixed the page; thanked the member.' });
    // Decided stays decided; nothing goes back to open.
    await expect(moveComplaint(t.db, s, a, 'dismissed', 'changed my mind')).rejects.toMatchObject({
      status: 409,
    });
    await expect(moveComplaint(t.db, s, a, 'in_review')).rejects.toMatchObject({ status: 409 });
    // An open one may be dismissed at once; another site's console does not find it.
    const b = await file();
    await expect(moveComplaint(t.db, await site('localhost'), b, 'dismissed', 'x')).rejects.toMatchObject({
      status: 404,
    });
    expect((await moveComplaint(t.db, s, b, 'dismissed', 'No rule was broken.')).status).toBe('dismissed');
  });
});
