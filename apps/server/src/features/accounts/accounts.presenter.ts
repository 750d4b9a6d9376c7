import { freeMessagesLeft, type User } from '@amora/contracts';
import { variantKey } from '../../platform/images.ts';
import type { Site } from '../../platform/sites.ts';
import { mediaUrl } from '../../platform/storage.ts';
import type { AccountRow } from './accounts.repo.ts';

/** The member's own account as spec §3 describes the User. Only ever sent to that member. */
export function presentUser(row: AccountRow, site: Site): User {
  const cdn = site.config.cdn_prefix;
  return {
    id: row.id,
    email: row.email,
    status: row.status === 'active' ? 'active' : 'not_confirmed',
    paid_user: row.paid_user,
    credits: row.credits,
    free_messages_left: freeMessagesLeft(site.config, row),
    language: row.language,
    fictional_icon: site.config.fictional_icon,
    signup_date: new Date(row.signup_date).toISOString(),
    notifications_disabled: row.notifications_disabled,
    profile: {
      name: row.name ?? '',
      country: row.country ?? '',
      main_image: row.main_key
        ? {
            filename: mediaUrl(cdn, variantKey(row.main_key, 'm')),
            thumb_filename: mediaUrl(cdn, variantKey(row.main_key, 't')),
            status: (row.main_status ?? 'pending') as 'pending' | 'active' | 'rejected',
          }
        : null,
    },
  };
}
