import { describe, expect, it } from 'vitest';
import { mediaSrc } from './media.ts';

describe('mediaSrc', () => {
  it('puts a bare key under the CDN prefix', () => {
    expect(mediaSrc('/media', 'u/1/thumb.jpg')).toBe('/media/u/1/thumb.jpg');
    expect(mediaSrc('https://cdn.example.com/', 'a.jpg')).toBe('https://cdn.example.com/a.jpg');
  });
  it('leaves a URL the server already built alone', () => {
    expect(mediaSrc('/media', '/media/u/1/thumb.jpg')).toBe('/media/u/1/thumb.jpg');
    expect(mediaSrc('/media', 'https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
  });
});
