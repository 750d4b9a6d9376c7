import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { verpAddress } from '../src/platform/mail/verp.ts';
import { useTestApp, Visitor } from './helpers.ts';
import { arf, deliverReport, dsn, headersOf } from './mail-reports.ts';
import { linkIn } from './smtp.ts';

/**
 * Bounces and complaints (issue 15, item 4), end to end over real SMTP: the app sends a real mail
 * to the SMTP sink, whose envelope sender (Return-Path) is read from the capture; a delivery status
 * notification (RFC 3464) or a feedback-loop report (RFC 5965) about that mail is then delivered
 * over a real SMTP connection to the app's bounce listener, and the member sees the reason in GET
 * /api/user.php.
 */
const DOMAIN = 'bounces.amora.test';
const t = useTestApp({ env: { BOUNCE_SMTP_PORT: '0', BOUNCE_DOMAIN: DOMAIN, HOST: '127.0.0.1' } });

/** A mail server delivering a report to the listener: real SMTP, null sender as for a DSN. */
const deliver = (to: string, raw: string, from = '') => deliverReport(t.app.bounceSmtp!.port, to, raw, from);

const reasons = async (v: Visitor): Promise<string[]> =>
  (await v.get('/api/user.php')).json().user.notifications_disabled;

/** A member and the activation mail the app sent them (its return path, as the sink received it). */
async function memberWithMail() {
  const m = await t.member();
  const mail = await t.smtp.waitFor(m.body.email, (x) => x.text.includes('/api/activate.php'));
  return { ...m, mail };
}

describe('per-message return path', () => {
  it('sends every mail with a signed VERP envelope sender naming its outbox row; From stays the site', async () => {
    const { mail, body } = await memberWithMail();
    expect(mail.from).toMatch(/^bounce\+\d+-[0-9a-f]{20}@bounces\.amora\.test$/);
    const id = Number(mail.from.match(/^bounce\+(\d+)-/)![1]);
    const [row] = await t.db.query<{ to_address: string; template: string }>(
      'SELECT to_address, template FROM outbox_emails WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ to_address: body.email, template: 'activation' });
    expect(mail.from).toBe(verpAddress(t.app.secrets.bounce, DOMAIN, id));
    const [site] = await t.db.query<{ email: string }>(
      "SELECT config->>'support_email' AS email FROM sites WHERE domain = 'localhost'",
    );
    expect(headersOf(mail)).toMatch(new RegExp(`^From: "?Amora"? <${site!.email}>$`, 'm'));
    expect(headersOf(mail)).not.toContain('bounce+');
  });
});

describe('configuration', () => {
  it('derives the bounce domain from PUBLIC_URL, keeps the listener off by default, refuses bad values', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://www.amora.example' }).bounce).toEqual({
      domain: 'www.amora.example',
      smtpPort: undefined,
    });
    expect(loadConfig({ BOUNCE_DOMAIN: 'Bounces.Amora.Example', BOUNCE_SMTP_PORT: '2525' }).bounce).toEqual({
      domain: 'bounces.amora.example',
      smtpPort: 2525,
    });
    expect(() => loadConfig({ BOUNCE_SMTP_PORT: 'twenty-five' })).toThrow(ConfigError);
    expect(() => loadConfig({ BOUNCE_DOMAIN: 'not a domain' })).toThrow(
      /BOUNCE_DOMAIN must be a domain name/,
    );
  });
});

describe('bounce listener', () => {
  it('a hard bounce (RFC 3464, failed 5.1.1) of a mail we sent turns mail off with "bounce"', async () => {
    const { v, mail } = await memberWithMail();
    expect(await reasons(v)).toEqual([]);
    const info = await deliver(mail.from, dsn(mail.from, mail));
    expect(info.response).toMatch(/^250/);
    expect(await reasons(v)).toEqual(['bounce']);
    // The same report again changes nothing more.
    await deliver(mail.from, dsn(mail.from, mail));
    expect(await reasons(v)).toEqual(['bounce']);
  });

  it('a soft bounce (delayed 4.4.1, or failed 4.x.x) changes nothing', async () => {
    const { v, mail } = await memberWithMail();
    await deliver(mail.from, dsn(mail.from, mail, { action: 'delayed', status: '4.4.1' }));
    await deliver(mail.from, dsn(mail.from, mail, { action: 'failed', status: '4.2.2' }));
    await deliver(mail.from, dsn(mail.from, mail, { action: 'delivered', status: '2.0.0' }));
    expect(await reasons(v)).toEqual([]);
  });

  it('a spam complaint (RFC 5965 ARF, Feedback-Type abuse) turns mail off with "fbl"', async () => {
    const { v, mail } = await memberWithMail();
    await deliver(mail.from, arf(mail.from, mail, 'not-spam'), 'staff@fbl.example.net');
    expect(await reasons(v)).toEqual([]);
    await deliver(mail.from, arf(mail.from, mail), 'staff@fbl.example.net');
    expect(await reasons(v)).toEqual(['fbl']);
  });

  it('takes complaints at fbl@ too, naming our mail by its signed Original-Mail-From', async () => {
    const { v, mail } = await memberWithMail();
    await deliver(`fbl@${DOMAIN}`, arf(mail.from, mail), 'staff@fbl.example.net');
    expect(await reasons(v)).toEqual(['fbl']);
    // A complaint at fbl@ naming a forged return path changes nobody.
    const other = await memberWithMail();
    const forged = other.mail.from.replace(/-[0-9a-f]{20}@/, '-0123456789abcdef0123@');
    await deliver(`fbl@${DOMAIN}`, arf(forged, other.mail), 'staff@fbl.example.net');
    expect(await reasons(other.v)).toEqual([]);
  });

  it('refuses unsigned, forged and foreign recipients at RCPT TO, and nothing changes', async () => {
    const { v, mail } = await memberWithMail();
    const id = Number(mail.from.match(/^bounce\+(\d+)-/)![1]);
    const refused = [
      mail.from.replace(/-[0-9a-f]{20}@/, '-0123456789abcdef0123@'), // forged signature
      `bounce+${id}@${DOMAIN}`, // unsigned
      `bounce+${id + 1}-${mail.from.match(/-([0-9a-f]{20})@/)![1]}@${DOMAIN}`, // another row's id, this signature
      mail.from.replace(DOMAIN, 'elsewhere.example'), // another domain
      `postmaster-or-anyone@${DOMAIN}`,
    ];
    for (const to of refused) {
      const err = await deliver(to, dsn(to, mail)).catch((e: { responseCode?: number }) => e);
      expect(err).toMatchObject({ responseCode: 550 });
    }
    expect(await reasons(v)).toEqual([]);
  });

  it('accepts but ignores what is not a report, a garbled one and one about a mail it has no row for', async () => {
    const { v, mail } = await memberWithMail();
    const autoReply = `From: ${mail.to[0]}\nTo: ${mail.from}\nSubject: Out of office\n\nI am away until Monday.\n`;
    expect((await deliver(mail.from, autoReply, mail.to[0])).response).toMatch(/^250/);
    const garbled = `Content-Type: multipart/report; report-type=delivery-status; boundary="x"\n\n--x\nContent-Type: message/delivery-status\n\nAction failed Status five\n\x00\x01\x02 ===?=\n--x`;
    expect((await deliver(mail.from, garbled)).response).toMatch(/^250/);
    const notMultipart = `Subject: Delivery failure\nContent-Type: text/plain\n\nAction: failed\nStatus: 5.1.1\n`;
    expect((await deliver(mail.from, notMultipart)).response).toMatch(/^250/);
    expect(await reasons(v)).toEqual([]);
    // Signed with our key, but no such outbox row: accepted (it is our address) and nothing changes.
    const unknown = verpAddress(t.app.secrets.bounce, DOMAIN, 987_654_321);
    expect((await deliver(unknown, dsn(unknown, mail))).response).toMatch(/^250/);
    expect(await reasons(v)).toEqual([]);
  });

  it('refuses a message over the size limit (552) and changes nothing', async () => {
    const { v, mail } = await memberWithMail();
    const huge = dsn(mail.from, mail).replace('This is the mail system', `${'x'.repeat(998)}\n`.repeat(1100));
    const err = await deliver(mail.from, huge).catch((e: { responseCode?: number }) => e);
    expect(err).toMatchObject({ responseCode: 552 });
    expect(await reasons(v)).toEqual([]);
  });
});

describe('turning mail back on', () => {
  it('clears every reason; a late report about earlier mail is ignored, a new bounce sets it again', async () => {
    const { v, mail, body } = await memberWithMail();
    await deliver(mail.from, dsn(mail.from, mail));
    await deliver(mail.from, arf(mail.from, mail));
    expect((await reasons(v)).sort()).toEqual(['bounce', 'fbl']);

    // A member's own business: nobody else can turn it on.
    const stranger = await new Visitor(t.app).post('/api/notifications/mail/enable');
    expect(stranger.json().error.code).toBe('authentication_required');
    expect((await reasons(v)).sort()).toEqual(['bounce', 'fbl']);
    const res = await v.post('/api/notifications/mail/enable');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notifications_disabled: [] });
    expect(await reasons(v)).toEqual([]);

    // The old mail's bounce arrives late: it was about mail before the member's "it works now".
    await deliver(mail.from, dsn(mail.from, mail));
    expect(await reasons(v)).toEqual([]);

    // A mail sent from now on bounces: mail is off again.
    await new Visitor(t.app).post('/api/password-reset', { email: body.email });
    const reset = await t.smtp.waitFor(body.email, (m) => m.text.includes('/reset-password/do'));
    expect(reset.from).not.toBe(mail.from);
    await deliver(reset.from, dsn(reset.from, reset));
    expect(await reasons(v)).toEqual(['bounce']);
  });

  it('a completed e-mail change clears "bounce" (and a bounce about the old address changes nothing)', async () => {
    const { v, mail, body } = await memberWithMail();
    await deliver(mail.from, dsn(mail.from, mail));
    await deliver(mail.from, arf(mail.from, mail));
    expect((await reasons(v)).sort()).toEqual(['bounce', 'fbl']);

    const newEmail = `fixed-${Date.now()}@example.test`;
    await v.post('/api/account/email', { new_email: newEmail, password: body.password });
    // The request alone changes nothing: the new address is not proven yet.
    expect((await reasons(v)).sort()).toEqual(['bounce', 'fbl']);
    const change = await t.smtp.waitFor(newEmail);
    const token = new URL(linkIn(change, '/mail-change/do')).searchParams.get('token')!;
    expect((await v.post('/api/account/email/confirm', { token })).statusCode).toBe(200);
    // The complaint stays: it was about our mail, not about the address.
    expect(await reasons(v)).toEqual(['fbl']);

    await v.post('/api/notifications/mail/enable');
    await deliver(mail.from, dsn(mail.from, mail));
    expect(await reasons(v)).toEqual([]);
  });
});
