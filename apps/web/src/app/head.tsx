import { LOCALE_CODES } from '@amora/i18n';
import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';

export interface HeadData {
  title?: string;
  description?: string;
  noindex?: boolean;
  /**
   * The path of the page's canonical URL when it is not the page's own (a lander under any slug
   * names its one address: contracts landerCanonicalPath); canonical and hreflang links use it.
   */
  canonical?: string;
  /** The path of the page's sharing image (Open Graph, Twitter card); by default the site's or its lander's. */
  image?: string;
}

/** During server rendering pages write their head data here; the server puts it in <head>. */
export const HeadContext = createContext<HeadData | null>(null);

/** Declares the page's title and description (server-rendered, and kept in sync in the browser). */
export function Head(props: HeadData) {
  const collector = useContext(HeadContext);
  if (collector) Object.assign(collector, props);
  useEffect(() => {
    if (props.title) document.title = props.title;
    if (props.description !== undefined) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = props.description;
    }
  }, [props.title, props.description]);
  useLocation();
  return null;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sharing image of a page: its lander's card for a lander, else the site's (features/sites/seo.ts). */
export function sharingImagePath(pathname: string): string {
  const lander = /^\/landers\/([a-z]+)/.exec(pathname)?.[1];
  return lander ? `/og-image/${lander}.png` : '/og-image.png';
}

/**
 * The <head> tags for a server-rendered page: title, description (the page's, else `fallback`'s,
 * translated), robots, canonical and hreflang links (the ?lang= scheme), Open Graph and the
 * Twitter card with the site's or the lander's generated image.
 */
export function headHtml(
  head: HeadData,
  origin: string,
  pathname: string,
  siteName: string,
  fallback: { description?: string; locale?: string } = {},
): string {
  const path = head.canonical ?? pathname;
  const url = `${origin}${path}`;
  const title = head.title ?? siteName;
  const description = head.description || fallback.description;
  const image = `${origin}${head.image ?? sharingImagePath(path)}`;
  const tags = [
    `<title>${esc(title)}</title>`,
    `<meta property="og:title" content="${esc(title)}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:url" content="${esc(url)}" />`,
    `<meta property="og:image" content="${esc(image)}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${esc(title)}" />`,
    `<meta name="twitter:image" content="${esc(image)}" />`,
  ];
  if (fallback.locale) tags.push(`<meta property="og:locale" content="${esc(fallback.locale)}" />`);
  if (description) {
    tags.push(`<meta name="description" content="${esc(description)}" />`);
    tags.push(`<meta property="og:description" content="${esc(description)}" />`);
    tags.push(`<meta name="twitter:description" content="${esc(description)}" />`);
  }
  tags.push(`<meta property="og:site_name" content="${esc(siteName)}" />`);
  if (head.noindex) {
    tags.push('<meta name="robots" content="noindex" />');
  } else {
    tags.push(`<link rel="canonical" href="${esc(url)}" />`);
    for (const l of LOCALE_CODES)
      tags.push(`<link rel="alternate" hreflang="${l}" href="${esc(url)}?lang=${l}" />`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${esc(url)}" />`);
  }
  return tags.join('\n    ');
}
