import type { SiteConfig } from '@amora/contracts';

/** Amora's own brand colour: the theme colour of a site that has none (apps/web/index.html). */
export const DEFAULT_BRAND_COLOR = '#c2185b';

/** Only this form is ever written into a page (the settings schema and the database insist too). */
const HEX = /^#[0-9a-fA-F]{6}$/;

type Brand = Pick<SiteConfig, 'brand_color' | 'brand_color_dark'>;

/**
 * The <style> that gives a page its site's brand colours: the design tokens (styles/tokens.css)
 * read --site-brand and --site-brand-dark and derive every shade from them. Empty for a site
 * without its own colours (it wears Amora's). Inline styles are allowed by the CSP (style-src
 * 'unsafe-inline'); a value that is not #rrggbb is left out, so nothing else can reach the head.
 */
export function brandStyle(config: Brand): string {
  const vars = [
    ['--site-brand', config.brand_color],
    ['--site-brand-dark', config.brand_color_dark],
  ].filter((v): v is [string, string] => typeof v[1] === 'string' && HEX.test(v[1]));
  if (vars.length === 0) return '';
  return `<style id="site-brand">:root{${vars.map(([k, v]) => `${k}:${v.toLowerCase()}`).join(';')}}</style>`;
}

/** The browser's theme colour (address bar, installed app) for the site. */
export function themeColor(config: Brand): string {
  return config.brand_color && HEX.test(config.brand_color)
    ? config.brand_color.toLowerCase()
    : DEFAULT_BRAND_COLOR;
}
