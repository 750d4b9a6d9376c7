import { PHOTO_MAX_BYTES } from '@amora/contracts/rules';

/** What the file picker offers (the server decides for real: it decodes and re-encodes every upload). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic';
const TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

/**
 * A quick check before uploading, so a wrong or huge file fails at once instead of after the
 * upload. Some browsers give HEIC files no type: the name decides then.
 */
export function precheckPhoto(file: {
  name: string;
  type: string;
  size: number;
}): 'photo_invalid' | 'photo_too_large' | null {
  const typeOk = file.type
    ? TYPES.has(file.type.toLowerCase())
    : /\.(jpe?g|png|webp|heic|heif)$/i.test(file.name);
  if (!typeOk) return 'photo_invalid';
  if (file.size > PHOTO_MAX_BYTES) return 'photo_too_large';
  return null;
}
