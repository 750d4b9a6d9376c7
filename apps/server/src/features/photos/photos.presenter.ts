import type { OwnPhoto, Photo } from '@amora/contracts';
import { variantKey } from '../../platform/images.ts';
import { mediaUrl } from '../../platform/storage.ts';
import type { PhotoRow } from './photos.repo.ts';

/** A stored photo's signed addresses, large and thumbnail (for whoever may see the photo itself). */
export function photoUrls(cdn: string, storageKey: string): { url: string; thumb: string } {
  return {
    url: mediaUrl(cdn, variantKey(storageKey, 'l')),
    thumb: mediaUrl(cdn, variantKey(storageKey, 't')),
  };
}

export function presentOwnPhoto(row: PhotoRow, cdn: string): OwnPhoto {
  return {
    id: row.id,
    ...photoUrls(cdn, row.storage_key),
    is_main: row.is_main,
    // Held back beyond the free limit (premium ended): the owner sees it marked, nobody else sees it.
    locked: row.over_limit,
    status: row.status,
    position: row.position,
  };
}

/**
 * A photo as another member sees it. A locked photo carries only the blurred picture's address:
 * the original's address never reaches a viewer who may not see it.
 */
export function presentPhoto(row: PhotoRow, cdn: string, locked: boolean): Photo {
  const blurred = mediaUrl(cdn, variantKey(row.storage_key, 'b'));
  return {
    id: row.id,
    url: locked ? blurred : mediaUrl(cdn, variantKey(row.storage_key, 'l')),
    thumb: locked ? blurred : mediaUrl(cdn, variantKey(row.storage_key, 't')),
    is_main: row.is_main,
    locked,
  };
}
