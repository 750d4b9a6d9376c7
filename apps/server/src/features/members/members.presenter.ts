import { mediaUrl } from '../../platform/storage.ts';
import type { MemberCardRow } from './members.repo.ts';

/** Whole years between a birth date and `now` (the only thing others learn from a birth date). */
export function ageOn(birthDate: string | Date, now = new Date()): number {
  const b = typeof birthDate === 'string' ? new Date(`${birthDate.slice(0, 10)}T00:00:00Z`) : birthDate;
  let age = now.getUTCFullYear() - b.getUTCFullYear();
  const m = now.getUTCMonth() - b.getUTCMonth();
  if (m < 0 || (m === 0 && now.getUTCDate() < b.getUTCDate())) age--;
  return age;
}

/** A member as a card any visitor may see: no e-mail, birth date, coordinates or flags. */
export function presentMemberCard(row: MemberCardRow, cdnPrefix: string, now = new Date()) {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birth_date, now),
    city: row.city,
    country: row.country,
    main_image: row.main_key ? mediaUrl(cdnPrefix, row.main_key) : null,
  };
}
