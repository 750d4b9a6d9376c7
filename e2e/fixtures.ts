import fs from 'node:fs';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
/** The real catalogs: tests look for what a visitor reads, in the visitor's language. */
export function catalog(locale: string): Record<string, Record<string, string>> {
  return JSON.parse(fs.readFileSync(path.join(root, 'packages/i18n/locales', `${locale}.json`), 'utf8'));
}
export function infoPages(locale: string): Record<string, { title: string }> {
  return JSON.parse(fs.readFileSync(path.join(root, 'packages/i18n/pages', `${locale}.json`), 'utf8'));
}

/** A page whose visitor has already passed the adults-only entry warning. */
export const test = base.extend<{ entered: Page }>({
  entered: async ({ page }, use) => {
    await page.addInitScript(() =>
      window.localStorage.setItem('amora.dismissed.entryWarning', String(Date.now())),
    );
    await use(page);
  },
});

export function siteUrl(sub: string, pathname = '/'): string {
  const port = process.env.E2E_PORT ?? '3100';
  return `http://${sub ? `${sub}.` : ''}localhost:${port}${pathname}`;
}

export { expect } from '@playwright/test';
