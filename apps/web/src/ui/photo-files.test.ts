import { describe, expect, it } from 'vitest';
import { precheckPhoto } from './photo-files.ts';

describe('photo pre-check', () => {
  it('lets JPEG, PNG, WebP and HEIC through', () => {
    expect(precheckPhoto({ name: 'a.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(precheckPhoto({ name: 'a.webp', type: 'image/webp', size: 1000 })).toBeNull();
    expect(precheckPhoto({ name: 'IMG_1.HEIC', type: '', size: 1000 })).toBeNull();
  });
  it('refuses other files and files over 12 MB', () => {
    expect(precheckPhoto({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('photo_invalid');
    expect(precheckPhoto({ name: 'notes.txt', type: '', size: 10 })).toBe('photo_invalid');
    expect(precheckPhoto({ name: 'big.jpg', type: 'image/jpeg', size: 12 * 1024 * 1024 + 1 })).toBe(
      'photo_too_large',
    );
    expect(precheckPhoto({ name: 'ok.jpg', type: 'image/jpeg', size: 12 * 1024 * 1024 })).toBeNull();
  });
});
