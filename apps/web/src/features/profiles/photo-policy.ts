import type { Settings } from '@amora/contracts';

/**
 * The texts that say what happens to a new photo, by the site's `photo_approval` setting: they
 * promise only what the site does. 'manual': a moderator approves a photo before others see it;
 * 'auto': a photo is visible at once, nobody checks it first, so no text may claim a check.
 */
export function photoPolicyKeys(policy: Settings['photo_approval']) {
  return policy === 'manual'
    ? {
        homeTrust: 'home.trustVerified',
        lead: 'photos.lead',
        uploaded: 'photos.uploaded',
        active: 'photos.status.active',
      }
    : {
        homeTrust: 'home.trustPhotosClean',
        lead: 'photos.leadAuto',
        uploaded: 'photos.uploadedAuto',
        active: 'photos.statusLive',
      };
}
