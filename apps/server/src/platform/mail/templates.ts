import { isLocale, isoTag, type Locale } from '@amora/i18n';
import type { Site } from '../sites.ts';
import { type MailCatalog, mailCatalogs } from './catalogs.ts';

/** The mails the platform sends, with the data each needs. */
export interface MailData {
  activation: { name: string; link: string; days: number };
  alreadyRegistered: { loginLink: string; resetLink: string };
  reactivationPending: { link: string; until: string };
  passwordReset: { name: string; link: string; minutes: number };
  mailChange: { name: string; link: string; hours: number };
  mailChanged: { name: string; newEmail: string };
  passwordChanged: { name: string };
  accountDeleted: { name: string; link: string; until: string };
  /** `reason`: the reason category, already in the reporter's language. */
  complaintReceived: { name: string; reference: string; reason: string };
  mailChangeTaken: { name: string };
  /**
   * A moderation decision's statement of reasons (features/moderation), every text already in
   * the member's language; `until` only for a suspension.
   */
  moderationNotice: {
    name: string;
    what: string;
    why: string;
    ground: string;
    facts: string;
    until?: string;
    link: string;
  };
  moderationAppealDecided: { name: string; what: string; outcome: string; note: string; link: string };
  loginLink: { name: string; link: string; minutes: number };
  /**
   * Premium ended because the member's last standing purchase was refunded or charged back in
   * full (features/payments); `hidden`: photos beyond the free limit now held back.
   */
  premiumEnded: { name: string; why: 'refund' | 'chargeback'; hidden: number; link: string };
  // Notification mail (features/notifications): each carries its unsubscribe links.
  notifyNewConversation: NotifyBase & { sender: string };
  notifyNewMessages: NotifyBase & { count: number; senders: string };
  notifyLike: NotifyBase & { count: number; names: string; match: boolean };
  notifyUnread: NotifyBase & { sender: string };
  notifyWeekly: NotifyBase & { newMembers: number; names: string; likes: number };
  notifyReminder: NotifyBase & { unread: number; likes: number };
  /** Promotions and news: the operator's text in the member's language. */
  notifyPromotion: NotifyBase & { headline: string; body: string };
  notifyNews: NotifyBase & { headline: string; body: string };
}
export type MailTemplate = keyof MailData;

/** What every notification mail carries: where its button leads, and how to stop it. */
export interface NotifyBase {
  name: string;
  link: string;
  unsubscribe: {
    /** The spec §3 type named in the footer. */
    type: string;
    /** The page that asks before unsubscribing (the visible link; works without logging in). */
    page: string;
    /** The RFC 8058 one-click address (List-Unsubscribe). */
    oneClick: string;
    /** The settings page (/notifications). */
    settings: string;
  };
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on notification mail. */
  headers?: Record<string, string>;
}

/** Mail colours when a site names no brand colour (site settings brand_color, brand_color_dark). */
const MAIL_BRAND = '#c2185b';
const MAIL_BRAND_DARK = '#7b1f6b';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/** Renders a mail in the member's language with the site's name and company details (HTML and text). */
export function renderMail<T extends MailTemplate>(
  template: T,
  localeRaw: string,
  data: MailData[T],
  site: Site,
): RenderedMail {
  const locale: Locale = isLocale(localeRaw) ? localeRaw : 'en';
  const cat: MailCatalog = mailCatalogs[locale];
  const c = site.config;
  const dateFmt = new Intl.DateTimeFormat(isoTag(locale), { dateStyle: 'long', timeZone: c.time_zone });
  const vars: Record<string, string | number> = {
    siteName: c.name,
    supportEmail: c.support_email,
    company: c.company_name,
    address: c.company_address,
    city: c.company_city,
    country: c.company_country,
    ...Object.fromEntries(
      Object.entries(data)
        .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
        .map(([k, v]) => [k, k === 'until' ? dateFmt.format(new Date(String(v))) : v]),
    ),
  };
  vars.date = vars.until ?? '';
  const t = (text: string) => fill(text, vars);
  const section = cat[template] as Record<string, string>;
  const name = (data as { name?: string }).name;

  const paragraphs: string[] = [];
  let button: { label: string; href: string } | undefined;
  const after: string[] = [];
  let subjectText = section.subject ?? '';
  const notify = template.startsWith('notify') ? (data as unknown as NotifyBase) : undefined;
  /** Most mails' one button: the section's label, to the mail's link. */
  const linkButton = { label: section.button!, href: String(vars.link) };
  switch (template) {
    case 'notifyNewConversation':
    case 'notifyNewMessages':
    case 'notifyUnread':
      paragraphs.push(section.body!);
      button = linkButton;
      break;
    case 'notifyLike': {
      const match = (data as MailData['notifyLike']).match;
      subjectText = match ? section.subjectMatch! : section.subject!;
      paragraphs.push(match ? section.bodyMatch! : section.body!);
      button = { label: match ? section.buttonMatch! : section.button!, href: String(vars.link) };
      break;
    }
    case 'notifyWeekly': {
      const d = data as MailData['notifyWeekly'];
      paragraphs.push(section.intro!);
      if (d.newMembers > 0) paragraphs.push(section.members!);
      if (d.likes > 0) paragraphs.push(section.likes!);
      button = linkButton;
      break;
    }
    case 'notifyReminder': {
      const d = data as MailData['notifyReminder'];
      paragraphs.push(section.body!);
      if (d.unread > 0) paragraphs.push(section.unread!);
      if (d.likes > 0) paragraphs.push(section.likes!);
      button = linkButton;
      break;
    }
    case 'notifyPromotion':
    case 'notifyNews': {
      const d = data as MailData['notifyNews'];
      // The operator's own text, shown as written: no placeholder in it is filled.
      subjectText = d.headline.replace(/\{\{/g, '{ {');
      paragraphs.push(d.body.replace(/\{\{/g, '{ {'));
      button = linkButton;
      break;
    }
    case 'activation':
    case 'passwordReset':
    case 'loginLink':
      paragraphs.push(section.intro!);
      button = linkButton;
      after.push(section.expires!, section.notYou!);
      break;
    case 'alreadyRegistered':
      paragraphs.push(section.body!);
      button = { label: section.login!, href: String(vars.loginLink) };
      after.push(`${section.reset!} ${vars.resetLink}`, section.notYou!);
      break;
    case 'reactivationPending':
      paragraphs.push(section.body!);
      button = linkButton;
      after.push(section.support!);
      break;
    case 'mailChangeTaken':
      paragraphs.push(section.body!);
      after.push(section.notYou!);
      break;
    case 'complaintReceived':
      // The receipt says what the report was about and what happens next (issue 11 item 10).
      paragraphs.push(
        section.body!,
        section.reason!,
        section.next!,
        section.step1!,
        section.step2!,
        section.step3!,
      );
      after.push(section.urgent!);
      break;
    case 'moderationNotice': {
      const d = data as MailData['moderationNotice'];
      paragraphs.push(section.intro!, section.what!);
      if (d.until) paragraphs.push(section.until!);
      if (d.why) paragraphs.push(section.why!, section.ground!);
      paragraphs.push(section.facts!, section.automated!, section.appeal!);
      button = { label: section.button!, href: d.link };
      after.push(section.remedies!);
      break;
    }
    case 'moderationAppealDecided':
      paragraphs.push(section.body!, section.outcome!, section.note!);
      button = linkButton;
      break;
    case 'mailChange':
      paragraphs.push(section.intro!);
      button = linkButton;
      after.push(section.expires!);
      break;
    case 'accountDeleted':
      paragraphs.push(section.body!, section.keep!);
      button = linkButton;
      break;
    case 'premiumEnded': {
      const d = data as MailData['premiumEnded'];
      paragraphs.push(d.why === 'chargeback' ? section.chargeback! : section.refund!, section.ended!);
      if (d.hidden > 0) paragraphs.push(section.photos!);
      paragraphs.push(section.conversations!);
      button = linkButton;
      break;
    }
    default:
      paragraphs.push(section.body!);
  }

  const greeting = name ? t(cat.layout.greeting) : cat.layout.greetingAnonymous;
  const signoff = t(cat.layout.signoff);
  const footer = [t(cat.layout.footerCompany), notify ? '' : t(cat.layout.footerWhy)].filter(Boolean);
  const subject = t(subjectText);
  const typeName = notify
    ? ((cat.mailTypes as Record<string, string>)[notify.unsubscribe.type] ?? notify.unsubscribe.type)
    : '';
  const why = notify ? fill(cat.layout.notifyWhy, { ...vars, type: typeName }) : '';

  const text = [
    greeting,
    '',
    ...paragraphs.map(t),
    ...(button ? ['', `${t(button.label)}: ${button.href}`] : []),
    '',
    ...after.map(t),
    '',
    signoff,
    '',
    '--',
    ...footer,
    ...(notify
      ? [
          why,
          `${cat.layout.unsubscribe}: ${notify.unsubscribe.page}`,
          `${cat.layout.manage}: ${notify.unsubscribe.settings}`,
        ]
      : []),
  ].join('\n');
  const brand = c.brand_color ?? MAIL_BRAND;
  const brandDark = c.brand_color_dark ?? (c.brand_color ? brand : MAIL_BRAND_DARK);
  const link = (href: string, label: string) =>
    `<a href="${esc(href)}" style="color:${brand};text-decoration:underline">${esc(label)}</a>`;
  const unsubscribeHtml = notify
    ? `<br><br>${esc(why)}<br>${link(notify.unsubscribe.page, cat.layout.unsubscribe)} &middot; ${link(notify.unsubscribe.settings, cat.layout.manage)}`
    : '';

  const p = (s: string) =>
    `<p style="margin:0 0 16px;line-height:1.55">${esc(t(s)).replace(/\n/g, '<br>')}</p>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(subject)}</title></head>
<body style="margin:0;background:#fff8f6;font-family:Helvetica,Arial,sans-serif;color:#2a1f2d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f6;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #eadde3">
<tr><td bgcolor="${brand}" style="background:${brand};background:linear-gradient(135deg,${brand},${brandDark});padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold">${esc(c.name)}</td></tr>
<tr><td style="padding:28px">
${p(greeting)}
${paragraphs.map(p).join('\n')}
${
  button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr><td align="center" bgcolor="${brand}" style="border-radius:999px;background:${brand}"><a href="${esc(button.href)}" style="display:inline-block;background:${brand};color:#ffffff;text-decoration:none;font-weight:bold;font-size:16px;padding:14px 28px;border-radius:999px">${esc(t(button.label))}</a></td></tr></table>
<p style="margin:0 0 16px;font-size:13px;color:#7a6c7f">${esc(cat.layout.buttonFallback)}<br><a href="${esc(button.href)}" style="color:${brand};word-break:break-all">${esc(button.href)}</a></p>`
    : ''
}
${after.map(p).join('\n')}
${p(signoff)}
</td></tr>
<tr><td style="padding:18px 28px;background:#fdf0f3;font-size:12px;color:#7a6c7f;line-height:1.5">${footer.map(esc).join('<br>')}${unsubscribeHtml}</td></tr>
</table></td></tr></table></body></html>`;
  const headers = notify
    ? {
        'List-Unsubscribe': `<${notify.unsubscribe.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : undefined;
  return { subject, html, text, ...(headers ? { headers } : {}) };
}
