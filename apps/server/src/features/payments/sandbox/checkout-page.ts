import { formatMoney } from '@amora/contracts';
import { isLocale, type Locale } from '@amora/i18n';
import { tFor } from '../../../platform/i18n.ts';
import type { SandboxPayment } from './sandbox.repo.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Our locale for a provider locale (nl_NL -> nl). */
export function pageLocale(providerLocale: string | null): Locale {
  const code = (providerLocale ?? 'en').slice(0, 2);
  return isLocale(code) ? code : 'en';
}

export const OUTCOMES = ['paid', 'pending', 'failed', 'canceled', 'expired'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * The sandbox's hosted checkout: the payer picks what the bank answers. It says plainly that it is
 * a test and no money moves; it stands where Mollie's own checkout page would. `token` binds the
 * form to the payer's session.
 */
export function checkoutPage(p: SandboxPayment, token: string): string {
  const locale = pageLocale(p.locale);
  const t = tFor(locale);
  const amount = formatMoney(p.amount, p.currency, locale);
  const open = p.status === 'open';
  const buttons = OUTCOMES.map(
    (o) =>
      `<button type="submit" name="outcome" value="${o}" class="${o === 'paid' ? 'primary' : ''}">${esc(
        t(`sandbox.outcome_${o}`),
      )}</button>`,
  ).join('');
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(t('sandbox.title'))}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f3f4f6;color:#111827;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(0,0,0,.08);padding:28px;width:min(420px,calc(100vw - 32px))}
.banner{background:#fef3c7;color:#78350f;border-radius:10px;padding:10px 12px;font-size:14px;margin-bottom:18px}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:32px;font-weight:700;margin:12px 0}.muted{color:#6b7280;font-size:14px}
form{display:grid;gap:10px;margin-top:20px}button{font:inherit;padding:12px;border-radius:10px;border:1px solid #d1d5db;background:#fff;cursor:pointer}
button.primary{background:#111827;color:#fff;border-color:#111827}button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
</style></head>
<body><main>
<p class="banner" role="note">${esc(t('sandbox.banner'))}</p>
<h1>${esc(t('sandbox.title'))}</h1>
<p class="muted">${esc(p.description)}</p>
<p class="amount">${esc(amount)}</p>
<p class="muted">${esc(t('sandbox.method', { method: p.method ?? '-' }))}</p>
${
  open
    ? `<form method="post" aria-label="${esc(t('sandbox.choose'))}"><input type="hidden" name="token" value="${esc(token)}">${buttons}</form>`
    : `<p role="status">${esc(t('sandbox.finished', { status: t(`sandbox.outcome_${p.status === 'authorized' ? 'paid' : p.status}`) }))}</p>${
        p.redirect_url ? `<p><a href="${esc(p.redirect_url)}">${esc(t('sandbox.back'))}</a></p>` : ''
      }`
}
</main></body></html>`;
}
