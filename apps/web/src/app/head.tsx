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

/** The <head> tags for a server-rendered page: title, description, canonical and hreflang links. */
export function headHtml(head: HeadData, origin: string, pathname: string, siteName: string): string {
  const url = `${origin}${head.canonical ?? pathname}`;
  const title = head.title ?? siteName;
  const tags = [`<title>${esc(title)}</title>`, `<meta property="og:title" content="${esc(title)}" />`];
  if (head.description) {
    tags.push(`<meta name="description" content="${esc(head.description)}" />`);
    tags.push(`<meta property="og:description" content="${esc(head.description)}" />`);
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
