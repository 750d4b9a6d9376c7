import { ApiError } from '../api/client.ts';
import type { TFunction } from '../app/translation.ts';

const PHOTO_CODES = ['photo_invalid', 'photo_too_large', 'photo_too_many_pixels', 'photo_limit'];

/** The words for a failed photo call: the server's (already translated) or ours for the code. */
export function photoErrorText(t: TFunction, err: unknown, limit: number): string {
  if (err instanceof ApiError) {
    if (err.status === 413) return err.message || t('errors.photo_too_large');
    if (err.message) return err.message;
    if (PHOTO_CODES.includes(err.code)) return t(`errors.${err.code}`, { limit });
  }
  return t('errors.generic');
}
