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
  complaintReceived: { name: string; reference: string };
  mailChangeTaken: { name: string };
  loginLink: { name: string; link: string; minutes: number };
}
export type MailTemplate = keyof MailData;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

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
      Object.entries(data).map(([k, v]) => [k, k === 'until' ? dateFmt.format(new Date(String(v))) : v]),
    ),
  };
  vars.date = vars.until ?? '';
  const t = (text: string) => fill(text, vars);
  const section = cat[template] as Record<string, string>;
  const name = (data as { name?: string }).name;

  const paragraphs: string[] = [];
  let button: { label: string; href: string } | undefined;
  const after: string[] = [];
  switch (template) {
    case 'activation':
      paragraphs.push(section.intro!);
      button = { label: section.button!, href: String(vars.link) };
      after.push(section.expires!, section.notYou!);
      break;
    case 'alreadyRegistered':
      paragraphs.push(section.body!);
      button = { label: section.login!, href: String(vars.loginLink) };
      after.push(`${section.reset!} ${vars.resetLink}`, section.notYou!);
      break;
    case 'reactivationPending':
      paragraphs.push(section.body!);
      button = { label: section.button!, href: String(vars.link) };
      after.push(section.support!);
      break;
    case 'passwordReset':
      paragraphs.push(section.intro!);
      button = { label: section.button!, href: String(vars.link) };
      after.push(section.expires!, section.notYou!);
      break;
    case 'loginLink':
      paragraphs.push(section.intro!);
      button = { label: section.button!, href: String(vars.link) };
      after.push(section.expires!, section.notYou!);
      break;
    case 'mailChangeTaken':
      paragraphs.push(section.body!);
      after.push(section.notYou!);
      break;
    case 'mailChange':
      paragraphs.push(section.intro!);
      button = { label: section.button!, href: String(vars.link) };
      after.push(section.expires!);
      break;
    case 'accountDeleted':
      paragraphs.push(section.body!, section.keep!);
      button = { label: section.button!, href: String(vars.link) };
      break;
    default:
      paragraphs.push(section.body!);
  }

  const greeting = name ? t(cat.layout.greeting) : cat.layout.greetingAnonymous;
  const signoff = t(cat.layout.signoff);
  const footer = [t(cat.layout.footerCompany), t(cat.layout.footerWhy)];
  const subject = t(section.subject!);

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
  ].join('\n');

  const p = (s: string) =>
    `<p style="margin:0 0 16px;line-height:1.55">${esc(t(s)).replace(/\n/g, '<br>')}</p>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(subject)}</title></head>
<body style="margin:0;background:#fff8f6;font-family:Helvetica,Arial,sans-serif;color:#2a1f2d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f6;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #eadde3">
<tr><td style="background:#c2185b;background:linear-gradient(135deg,#e8416f,#7b1f6b);padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold">${esc(c.name)}</td></tr>
<tr><td style="padding:28px">
${p(greeting)}
${paragraphs.map(p).join('\n')}
${
  button
    ? `<p style="margin:24px 0"><a href="${esc(button.href)}" style="display:inline-block;background:#c2185b;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 26px;border-radius:999px">${esc(t(button.label))}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#7a6c7f">${esc(cat.layout.buttonFallback)}<br><a href="${esc(button.href)}" style="color:#c2185b;word-break:break-all">${esc(button.href)}</a></p>`
    : ''
}
${after.map(p).join('\n')}
${p(signoff)}
</td></tr>
<tr><td style="padding:18px 28px;background:#fdf0f3;font-size:12px;color:#7a6c7f;line-height:1.5">${footer.map(esc).join('<br>')}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, html, text };
}
