import { ageOn } from '@amora/contracts';
import { variantKey } from '../../platform/images.ts';
import { mediaUrl } from '../../platform/storage.ts';
import type { MemberCardRow } from './members.repo.ts';

/** A member as a card any visitor may see: no e-mail, birth date, coordinates or flags. */
export function presentMemberCard(row: MemberCardRow, cdnPrefix: string, now = new Date()) {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birth_date, now),
    city: row.city,
    country: row.country,
    main_image: row.main_key ? mediaUrl(cdnPrefix, variantKey(row.main_key, 'm')) : null,
  };
}
