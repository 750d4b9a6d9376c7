import { createHash } from 'node:crypto';
import { LOCALE_CODES } from '@amora/i18n';
import { describe, expect, it } from 'vitest';
import { DEMO_SITES } from '../../seed/demo-sites.ts';
import type { Site } from '../sites.ts';
import { type MailData, type MailTemplate, renderMail } from './templates.ts';

/**
 * Every mail kind in every language, as members receive it: the regression net under the mail
 * modules (issue 27). English is kept whole (subject, text, HTML, headers); the other languages
 * keep subject and text whole and the HTML as a hash (the same layout around the same texts).
 */
const site = (i: number): Site => ({
  id: i + 1,
  domain: DEMO_SITES[i]!.domain,
  isDefault: i === 0,
  config: DEMO_SITES[i]!.config,
});

const unsubscribe = (type: string) => ({
  type,
  page: `https://example.test/unsubscribe?t=${type}&x=<a>`,
  oneClick: `https://example.test/api/unsubscribe/one-click?t=${type}`,
  settings: 'https://example.test/notifications',
});
const notify = (type: string) => ({
  name: 'Ana & "Bo"',
  link: 'https://example.test/x?a=1&b=2',
  unsubscribe: unsubscribe(type),
});

type Case = { [K in MailTemplate]: [K, MailData[K]] }[MailTemplate];
const cases: [string, Case][] = [
  ['activation', ['activation', { name: 'Ana', link: 'https://example.test/activate?t=1', days: 7 }]],
  [
    'alreadyRegistered',
    [
      'alreadyRegistered',
      { loginLink: 'https://example.test/login', resetLink: 'https://example.test/reset' },
    ],
  ],
  [
    'reactivationPending',
    ['reactivationPending', { link: 'https://example.test/reactivate', until: '2026-12-24T23:30:00Z' }],
  ],
  ['passwordReset', ['passwordReset', { name: 'Ana', link: 'https://example.test/reset?t=2', minutes: 30 }]],
  ['mailChange', ['mailChange', { name: 'Ana', link: 'https://example.test/mail?t=3', hours: 24 }]],
  ['mailChanged', ['mailChanged', { name: 'Ana', newEmail: 'new@example.test' }]],
  ['passwordChanged', ['passwordChanged', { name: '<b>Ana</b>' }]],
  [
    'accountDeleted',
    ['accountDeleted', { name: 'Ana', link: 'https://example.test/back', until: '2027-01-15T10:00:00Z' }],
  ],
  ['complaintReceived', ['complaintReceived', { name: 'Ana', reference: 'C-1234', reason: 'Spam' }]],
  ['complaintDecided', ['complaintDecided', { name: 'Ana', reference: 'C-1234', outcome: 'resolved' }]],
  [
    'complaintDecided dismissed',
    ['complaintDecided', { name: 'Ana', reference: 'C-1234', outcome: 'dismissed' }],
  ],
  [
    'mailChangeTaken',
    [
      'mailChangeTaken',
      {
        name: 'Ana',
        loginLink: 'https://example.test/login',
        resetLink: 'https://example.test/reset-password',
      },
    ],
  ],
  [
    'moderationNotice',
    [
      'moderationNotice',
      {
        name: 'Ana',
        what: 'Photo removed',
        why: 'Nudity',
        ground: 'Terms §4',
        facts: 'Reported twice\nReviewed',
        link: 'https://example.test/appeal',
      },
    ],
  ],
  [
    'moderationNotice.until',
    [
      'moderationNotice',
      {
        name: 'Ana',
        what: 'Suspended',
        why: '',
        ground: '',
        facts: 'Spam',
        until: '2026-12-01T00:00:00Z',
        link: 'https://example.test/appeal',
      },
    ],
  ],
  [
    'moderationAppealDecided',
    [
      'moderationAppealDecided',
      {
        name: 'Ana',
        what: 'Photo removed',
        outcome: 'Upheld',
        note: 'Seen again',
        link: 'https://example.test/m',
      },
    ],
  ],
  ['loginLink', ['loginLink', { name: 'Ana', link: 'https://example.test/login?t=4', minutes: 15 }]],
  [
    'premiumEnded.refund',
    ['premiumEnded', { name: 'Ana', why: 'refund', hidden: 0, link: 'https://example.test/credits' }],
  ],
  [
    'premiumEnded.chargeback',
    ['premiumEnded', { name: 'Ana', why: 'chargeback', hidden: 3, link: 'https://example.test/credits' }],
  ],
  [
    'dataExportReady',
    [
      'dataExportReady',
      { name: 'Ana', link: 'https://example.test/api/data-export/1/download', until: '2026-12-05T21:00:00Z' },
    ],
  ],
  ['notifyNewConversation', ['notifyNewConversation', { ...notify('new_conversations'), sender: 'Bo' }]],
  ['notifyNewMessages', ['notifyNewMessages', { ...notify('new_messages'), count: 3, senders: 'Bo, Cy' }]],
  ['notifyLike', ['notifyLike', { ...notify('like'), count: 2, names: 'Bo, Cy', match: false }]],
  ['notifyLike.match', ['notifyLike', { ...notify('like'), count: 1, names: 'Bo', match: true }]],
  ['notifyUnread', ['notifyUnread', { ...notify('unread_message_reminders'), sender: 'Bo' }]],
  [
    'notifyWeekly',
    ['notifyWeekly', { ...notify('weekly_updates'), newMembers: 12, names: 'Bo, Cy', likes: 4 }],
  ],
  [
    'notifyWeekly.quiet',
    ['notifyWeekly', { ...notify('weekly_updates'), newMembers: 0, names: '', likes: 0 }],
  ],
  ['notifyReminder', ['notifyReminder', { ...notify('reminders'), unread: 2, likes: 1 }]],
  ['notifyReminder.likes', ['notifyReminder', { ...notify('reminders'), unread: 0, likes: 5 }]],
  [
    'notifyPromotion',
    [
      'notifyPromotion',
      {
        ...notify('promotions'),
        headline: 'Half price {{siteName}}',
        body: '50 % off <today>\nfor {{name}}',
      },
    ],
  ],
  ['notifyNews', ['notifyNews', { ...notify('news'), headline: 'News', body: 'Something new & fine' }]],
];

describe('renderMail', () => {
  for (const [label, [kind, data]] of cases) {
    it(`renders ${label} in every language as before`, () => {
      const out: Record<string, unknown> = {};
      for (const [i, locale] of LOCALE_CODES.entries()) {
        // English on the first two demo sites (no brand colour, a brand colour); the others
        // on the site of their turn.
        const sites = locale === 'en' ? [0, 1] : [i % DEMO_SITES.length];
        for (const s of sites) {
          const mail = renderMail(kind, locale, data as never, site(s));
          out[`${locale}@${s}`] =
            locale === 'en'
              ? mail
              : { ...mail, html: createHash('sha256').update(mail.html).digest('hex').slice(0, 16) };
        }
      }
      expect(out).toMatchSnapshot();
    });
  }

  it('falls back to English for a language it does not know', () => {
    const data = { name: 'Ana', link: 'https://example.test/a', days: 7 };
    expect(renderMail('activation', 'xx', data, site(0))).toEqual(
      renderMail('activation', 'en', data, site(0)),
    );
  });
});
