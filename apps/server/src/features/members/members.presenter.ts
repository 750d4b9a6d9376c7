import { ageOn, type SearchCard } from '@amora/contracts';
import { variantKey } from '../../platform/images.ts';
import { mediaUrl } from '../../platform/storage.ts';
import { activityOf } from '../profiles/profiles.presenter.ts';
import type { CardRow } from './members.repo.ts';

/** A 'YYYY-MM-DD' date as midnight UTC, without parsing a date string (a page has up to 48). */
function utcDay(ymd: string): Date {
  return new Date(Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))));
}

/**
 * The one member card (search, likes, chats, match finder, home page, signup matches): what any
 * viewer may see of a member on a tile. Never e-mail, birth date, coordinates or flags; the
 * fictional mark always travels with it.
 */
export function presentCard(r: CardRow, cdn: string, now = new Date()): SearchCard {
  return {
    id: r.id,
    name: r.name,
    age: ageOn(typeof r.birth_date === 'string' ? utcDay(r.birth_date) : r.birth_date, now),
    city: r.city,
    region: r.region,
    country: r.country,
    main_image: r.main_key ? mediaUrl(cdn, variantKey(r.main_key, 'm')) : null,
    activity: activityOf(r.last_active_at, now.getTime()),
    fictional: r.fictional,
  };
}
