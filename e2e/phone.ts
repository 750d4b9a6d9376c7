import type { Browser, Page } from '@playwright/test';
import { test, visitorAddress, waitForHydration } from './fixtures.ts';

/** A phone as a person holds it (390 x 844). */
export const PHONE = { width: 390, height: 844 };

/**
 * A hydration-waiting page on the phone, a touch device with a network address of its own: logged
 * in by the storage state at `state` unless `loggedIn: false`; past the entry warning, the push
 * prompt and the auto-like unless `gate` (a journey that checks those).
 */
export async function phonePage(
  browser: Browser,
  baseURL: string,
  state: string,
  opts: { loggedIn?: boolean; gate?: boolean } = {},
) {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: visitorAddress(),
    storageState: opts.loggedIn === false ? undefined : state,
  });
  if (!opts.gate)
    await context.addInitScript(() => {
      window.localStorage.setItem('amora.dismissed.entryWarning', String(Date.now()));
      window.localStorage.setItem('amora.dismissed.push', String(Date.now()));
      window.sessionStorage.setItem('amora.autoLike', String(Date.now()));
    });
  return waitForHydration(await context.newPage());
}

/** Journeys on the phone as the member of the storage state at `state`; the context closes after each. */
export const onPhoneAs = (state: string) =>
  test.extend<{ phone: Page }>({
    phone: async ({ browser, baseURL }, use) => {
      const page = await phonePage(browser, baseURL!, state);
      await use(page);
      await page.context().close();
    },
  });
