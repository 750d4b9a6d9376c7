import { describe, expect, it } from 'vitest';
import { headHtml, sharingImagePath } from './head.tsx';

describe('page head tags (SEO and sharing)', () => {
  const origin = 'https://amora.example';

  it('gives a public page its canonical, hreflang alternates, Open Graph and Twitter card', () => {
    const html = headHtml({ title: 'FAQ – Amora', description: 'Answers' }, origin, '/pages/faq', 'Amora', {
      locale: 'de_DE',
    });
    expect(html).toContain('<link rel="canonical" href="https://amora.example/pages/faq" />');
    expect(html).toContain('hreflang="pl" href="https://amora.example/pages/faq?lang=pl"');
    expect(html).toContain('hreflang="x-default" href="https://amora.example/pages/faq"');
    expect(html).toContain('<meta property="og:url" content="https://amora.example/pages/faq" />');
    expect(html).toContain('<meta property="og:image" content="https://amora.example/og-image.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta name="twitter:description" content="Answers" />');
    expect(html).toContain('<meta property="og:locale" content="de_DE" />');
    expect(html).not.toContain('noindex');
  });

  it('falls back to the translated site description and draws a lander its own card', () => {
    const html = headHtml({ canonical: '/landers/gallery' }, origin, '/landers/gallery/she-de', 'Amora', {
      description: 'Meet singles',
    });
    expect(html).toContain('<meta name="description" content="Meet singles" />');
    expect(html).toContain('<link rel="canonical" href="https://amora.example/landers/gallery" />');
    expect(html).toContain('content="https://amora.example/og-image/gallery.png"');
    expect(sharingImagePath('/landers/maplanding/bbw-nl')).toBe('/og-image/maplanding.png');
    expect(sharingImagePath('/')).toBe('/og-image.png');
  });

  it('keeps a noindex page out of search: no canonical or alternates', () => {
    const html = headHtml({ title: 'Anna', noindex: true }, origin, '/members/abc', 'Amora');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('hreflang');
  });

  it('escapes what it writes', () => {
    const html = headHtml({ title: '"><script>' }, origin, '/', 'A&B');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    expect(html).toContain('A&amp;B');
  });
});
