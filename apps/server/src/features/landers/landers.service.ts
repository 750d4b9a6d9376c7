import {
  LANDER_DESIGNS,
  type LanderDesign,
  type LanderMap,
  type LanderPageData,
  landerCanonicalPath,
  MEMBER_LANDER_DESIGNS,
  type MemberLanderDesign,
  type SearchCard,
} from '@amora/contracts';
import { LANDER_NICHES, type LanderNiche, type Locale, parseLanderSlug } from '@amora/i18n';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Site } from '../../platform/sites.ts';
import { viewMember } from '../members/members.profile.ts';
import { featuredMembers } from '../members/members.service.ts';
import { regionPlaces } from '../profiles/geocode.ts';

/** Members a lander shows (its collage, gallery, deck, feed...). */
export const LANDER_MEMBERS = 24;
/** Members a member's lander shows besides that member. */
const MEMBER_LANDER_OTHERS = 6;

/**
 * A lander page (spec §2 landers and member landers): the members it shows are the home page's
 * (featuredMembers: visible members of this site with an approved main photo, never another
 * photo, with the fictional mark); a member lander adds that member's teaser, seen as a visitor
 * sees them (members.profile viewMember: another site's, a hidden, deleted or unknown member is
 * 404). The slug picks the niche and the language (no slug: the site's own niche in the visitor's
 * language); the niche picks the members as well as the words (members.service NICHE_MEMBERS); an
 * unknown slug or design is 404.
 */
export async function landerPage(
  db: Db,
  site: Site,
  visitor: { locale: Locale; country: string },
  need: { design: string; slug?: string; member?: string },
): Promise<LanderPageData> {
  const parsed = parseLanderSlug(need.slug, visitor.locale);
  if (!parsed) throw new AppError('not_found', 404);
  // No slug: the site's own niche (a curves site's /landers/x is its curves lander).
  const slug = need.slug ? parsed : { ...parsed, niche: siteNiche(site) };
  if (need.member !== undefined) {
    const design = need.design as MemberLanderDesign;
    if (!MEMBER_LANDER_DESIGNS.includes(design)) throw new AppError('not_found', 404);
    const [p, featured] = await Promise.all([
      viewMember(db, site, null, need.member),
      featuredMembers(db, site, MEMBER_LANDER_OTHERS + 1, slug.niche),
    ]);
    return {
      design,
      niche: slug.niche,
      locale: slug.locale,
      canonical: landerCanonicalPath(design, p.id),
      members: featured.members.filter((m) => m.id !== p.id).slice(0, MEMBER_LANDER_OTHERS),
      total: featured.total,
      member: {
        id: p.id,
        name: p.name,
        age: p.age,
        gender: p.gender,
        city: p.city,
        region: p.region,
        country: p.country,
        about: p.about,
        interests: p.interests,
        main_image: p.main_image,
        activity: p.activity,
        fictional: p.fictional,
      },
    };
  }
  const design = need.design as LanderDesign;
  if (!LANDER_DESIGNS.includes(design)) throw new AppError('not_found', 404);
  const { members, total } = await featuredMembers(db, site, LANDER_MEMBERS, slug.niche);
  const page: LanderPageData = {
    design,
    niche: slug.niche,
    locale: slug.locale,
    canonical: landerCanonicalPath(design),
    members,
    total,
  };
  if (design === 'maplanding') page.map = memberMap(members, visitor.country);
  return page;
}

/** A site's niche (settings 1-7, spec §2's order) as a lander niche. */
export function siteNiche(site: Site): LanderNiche {
  return LANDER_NICHES[site.config.niche - 1] ?? 'plain';
}

const MAP_WIDTH = 1000;

/**
 * The map lander's map: the visitor's country when members live there, else the country most of
 * the shown members live in; its region-list cities as dots, members pinned to their city.
 * Positions are those of cities (public place data), spread a little per member so pins in one
 * city do not cover each other.
 */
export function memberMap(members: SearchCard[], visitorCountry: string): LanderMap | undefined {
  const count = new Map<string, number>();
  for (const m of members) count.set(m.country, (count.get(m.country) ?? 0) + 1);
  const busiest = [...count.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const country = count.has(visitorCountry) && regionPlaces(visitorCountry).length ? visitorCountry : busiest;
  if (!country) return undefined;
  // Far-off parts (Alaska, Hawaii, islands) would squeeze the mainland into a corner: left out.
  const all = regionPlaces(country);
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
  const [midLat, midLon] = [median(all.map((p) => p.lat)), median(all.map((p) => p.lon))];
  const places = all.filter(
    (p) =>
      Math.abs(p.lat - midLat) <= 20 && Math.abs(p.lon - midLon) * Math.cos((midLat * Math.PI) / 180) <= 30,
  );
  if (places.length === 0) return undefined;
  // An equirectangular projection around the country's middle latitude (enough for one country).
  const lats = places.map((p) => p.lat);
  const lons = places.map((p) => p.lon);
  const [minLat, maxLat, minLon, maxLon] = [
    Math.min(...lats),
    Math.max(...lats),
    Math.min(...lons),
    Math.max(...lons),
  ];
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * k, 0.01);
  const spanY = Math.max(maxLat - minLat, 0.01);
  const pad = 40;
  const scale = (MAP_WIDTH - 2 * pad) / spanX;
  const height = Math.round(Math.min(spanY * scale, MAP_WIDTH * 1.2) + 2 * pad);
  const yScale = Math.min(scale, (height - 2 * pad) / spanY);
  const at = (lat: number, lon: number) => ({
    x: Math.round(pad + (lon - minLon) * k * scale),
    y: Math.round(pad + (maxLat - lat) * yScale),
  });
  const byCity = new Map(places.map((p) => [p.city.toLowerCase(), p]));
  const pins: LanderMap['pins'] = [];
  for (const m of members) {
    if (m.country !== country || !m.city) continue;
    const place = byCity.get(m.city.toLowerCase());
    if (!place) continue;
    const { x, y } = at(place.lat, place.lon);
    const h = [...m.id].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7);
    pins.push({ id: m.id, x: x + ((h % 21) - 10), y: y + (((h >>> 5) % 21) - 10) });
  }
  return {
    country,
    width: MAP_WIDTH,
    height,
    places: places.map((p) => ({ ...at(p.lat, p.lon), city: p.city })),
    pins,
  };
}
