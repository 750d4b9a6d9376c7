import type { Locale } from '@amora/i18n';
import type { Site } from '../sites.ts';
import type { MailBody, NotifyBase } from './kind.ts';

/** The shared layout's own texts, translated and filled in (mail catalogs' `layout`). */
export interface LayoutTexts {
  /** 'Hi {{name}},' or, for a mail without a name, 'Hello,'. */
  greeting: string;
  signoff: string;
  buttonFallback: string;
  footerCompany: string;
  /** 'You receive this e-mail because…': for a notification mail, why and how to stop it. */
  why: string;
  unsubscribe: string;
  manage: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on notification mail. */
  headers?: Record<string, string>;
}

/** Small print (the button's fallback, the footer): 5.5:1 on the footer's tint, WCAG AA for 12 px text. */
const MAIL_MUTED = '#6b5d70';
/** Mail colours when a site names no brand colour (site settings brand_color, brand_color_dark). */
const MAIL_BRAND = '#c2185b';
const MAIL_BRAND_DARK = '#7b1f6b';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Every mail's frame, as HTML and as text: the site's name in its brand colours, greeting, the
 * kind's paragraphs and button, sign-off, and the footer with the company (and, on notification
 * mail, the unsubscribe links and List-Unsubscribe headers).
 */
export function layoutMail(
  locale: Locale,
  site: Site,
  subject: string,
  body: MailBody,
  l: LayoutTexts,
  unsubscribe?: NotifyBase['unsubscribe'],
): RenderedMail {
  const c = site.config;
  const { paragraphs, button } = body;
  const after = body.after ?? [];
  const footer = [l.footerCompany, unsubscribe ? '' : l.why].filter(Boolean);
  const text = [
    l.greeting,
    '',
    ...paragraphs,
    ...(button ? ['', `${button.label}: ${button.href}`] : []),
    '',
    ...after,
    '',
    l.signoff,
    '',
    '--',
    ...footer,
    ...(unsubscribe
      ? [l.why, `${l.unsubscribe}: ${unsubscribe.page}`, `${l.manage}: ${unsubscribe.settings}`]
      : []),
  ].join('\n');
  const brand = c.brand_color ?? MAIL_BRAND;
  const brandDark = c.brand_color_dark ?? (c.brand_color ? brand : MAIL_BRAND_DARK);
  const link = (href: string, label: string) =>
    `<a href="${esc(href)}" style="color:${brand};text-decoration:underline">${esc(label)}</a>`;
  const unsubscribeHtml = unsubscribe
    ? `<br><br>${esc(l.why)}<br>${link(unsubscribe.page, l.unsubscribe)} &middot; ${link(unsubscribe.settings, l.manage)}`
    : '';

  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.55">${esc(s).replace(/\n/g, '<br>')}</p>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(subject)}</title></head>
<body style="margin:0;background:#fff8f6;font-family:Helvetica,Arial,sans-serif;color:#2a1f2d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f6;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #eadde3">
<tr><td bgcolor="${brand}" style="background:${brand};background:linear-gradient(135deg,${brand},${brandDark});padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold">${esc(c.name)}</td></tr>
<tr><td style="padding:28px">
${p(l.greeting)}
${paragraphs.map(p).join('\n')}
${
  button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr><td align="center" bgcolor="${brand}" style="border-radius:999px;background:${brand}"><a href="${esc(button.href)}" style="display:inline-block;background:${brand};color:#ffffff;text-decoration:none;font-weight:bold;font-size:16px;padding:14px 28px;border-radius:999px">${esc(button.label)}</a></td></tr></table>
<p style="margin:0 0 16px;font-size:13px;color:${MAIL_MUTED}">${esc(l.buttonFallback)}<br><a href="${esc(button.href)}" style="color:${brand};word-break:break-all">${esc(button.href)}</a></p>`
    : ''
}
${after.map(p).join('\n')}
${p(l.signoff)}
</td></tr>
<tr><td style="padding:18px 28px;background:#fdf0f3;font-size:12px;color:${MAIL_MUTED};line-height:1.5">${footer.map(esc).join('<br>')}${unsubscribeHtml}</td></tr>
</table></td></tr></table></body></html>`;
  const headers = unsubscribe
    ? {
        'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : undefined;
  return { subject, html, text, ...(headers ? { headers } : {}) };
}
