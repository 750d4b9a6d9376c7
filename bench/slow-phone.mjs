// A phone on a slow line, as Lighthouse's mobile preset: the browser context's options and the
// throttling of a page (4x CPU slowdown, 150 ms and 1.6 Mbit/s down, 750 kbit/s up). Shared by the
// benchmarks that open pages in Debian's Chromium as a visitor's phone (layout-shift, first-tap).

/** Playwright's context options of the phone (412x823 CSS pixels, touch). */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/** A new page of `context`, slowed down as Lighthouse's mobile preset. */
export async function slowPhonePage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return page;
}
