import { describe, expect, it } from 'vitest';
import { photoAttrs, photoSrcSet } from './photo.ts';

describe('photo srcset', () => {
  it('offers the narrower copies below each stored width and the stored file at its own', () => {
    expect(photoSrcSet('/media/demo/abc-1-m.jpg?e=100&s=xyz')).toBe(
      [
        '/media/demo/abc-1-m.jpg?e=100&s=xyz&w=96 96w',
        '/media/demo/abc-1-m.jpg?e=100&s=xyz&w=240 240w',
        '/media/demo/abc-1-m.jpg?e=100&s=xyz&w=360 360w',
        '/media/demo/abc-1-m.jpg?e=100&s=xyz 480w',
      ].join(', '),
    );
    // A blurred card has no signature: the width is its only parameter.
    expect(photoSrcSet('https://cdn.example/p/abc-b.jpg')).toBe(
      'https://cdn.example/p/abc-b.jpg?w=96 96w, https://cdn.example/p/abc-b.jpg?w=240 240w, https://cdn.example/p/abc-b.jpg?w=360 360w, https://cdn.example/p/abc-b.jpg 480w',
    );
    expect(photoSrcSet('/media/p/abc-t.jpg?e=1&s=2')).toBe(
      '/media/p/abc-t.jpg?e=1&s=2&w=96 96w, /media/p/abc-t.jpg?e=1&s=2 160w',
    );
    expect(
      photoSrcSet('/media/p/abc-l.jpg?e=1&s=2')
        ?.split(', ')
        .map((c) => c.split(' ')[1]),
    ).toEqual(['96w', '240w', '360w', '480w', '720w', '960w']);
  });

  it('gives an address of another kind no srcset', () => {
    expect(photoSrcSet('data:image/png;base64,AAAA')).toBeUndefined();
    expect(photoSrcSet('/assets/logo.png')).toBeUndefined();
    expect(photoAttrs('/assets/logo.png', '100px')).toEqual({ src: '/assets/logo.png' });
    expect(Object.keys(photoAttrs('/media/p/abc-m.jpg?e=1&s=2', '100px'))).toEqual([
      'sizes',
      'srcSet',
      'src',
    ]);
  });
});
