import { PHOTO_STORED_WIDTHS, PHOTO_WIDTHS } from '@amora/contracts/rules';

/**
 * The `srcset` of a member photo's address: the narrower copies the server makes (`?w=`, the
 * widths of contracts' PHOTO_WIDTHS below the stored one) and the stored file at its width. The
 * stored width follows from the file name's variant letter (`-l`, `-m`, `-b`, `-t`); an address of
 * any other kind gets none.
 */
export function photoSrcSet(url: string): string | undefined {
  const variant = url.match(/-([lmbt])\.jpg(?:\?|$)/)?.[1] as keyof typeof PHOTO_STORED_WIDTHS | undefined;
  if (!variant) return undefined;
  const stored = PHOTO_STORED_WIDTHS[variant];
  const join = url.includes('?') ? '&' : '?';
  return [
    ...PHOTO_WIDTHS.filter((w) => w < stored).map((w) => `${url}${join}w=${w} ${w}w`),
    `${url} ${stored}w`,
  ].join(', ');
}

/**
 * `sizes`, `srcSet` and `src` of a member photo, in the order an <img> needs them (sizes before
 * srcset, both before src, so a browser never starts on a candidate chosen without sizes).
 * `sizes` says how wide the photo is laid out, in CSS px, as the stylesheets make it; for a photo
 * that covers a box taller than 4:5 it is the width the cover scales the picture to.
 */
export function photoAttrs(url: string, sizes: string) {
  const srcSet = photoSrcSet(url);
  return srcSet ? { sizes, srcSet, src: url } : { src: url };
}

/*
 * Layout widths of the member grids and cards (the container is 100vw less 32 px of padding on
 * phones, less 48 from 768 px, and 1112 px from 1160 px; grid gaps 12 px on phones, 16 from 768).
 */
export const SIZES = {
  /** .member-grid (ui/member-tile.css): 2 columns, 4 from 768 px (home, signup matches). */
  grid: '(min-width: 1160px) 266px, (min-width: 768px) calc(25vw - 24px), calc(50vw - 22px)',
  /**
   * Search (search/search.css): 2 columns, 3 from 768 px, the filters beside from 992 px (280 px
   * and a 24 px gap), 4 columns from 1200 px.
   */
  search:
    '(min-width: 1200px) 190px, (min-width: 1160px) 259px, (min-width: 992px) calc(33.3vw - 128px), (min-width: 768px) calc(33.3vw - 27px), calc(50vw - 22px)',
  /** Likes (likes/likes.css): 2 columns, 3 from 768 px, 4 from 992 px, 5 from 1200 px. */
  likes:
    '(min-width: 1200px) 210px, (min-width: 1160px) 266px, (min-width: 992px) calc(25vw - 24px), (min-width: 768px) calc(33.3vw - 27px), calc(50vw - 22px)',
  /** The match finder's grid (search-grid without filters): 2 columns, 3 from 768 px, 4 from 1200 px. */
  finder:
    '(min-width: 1200px) 266px, (min-width: 1160px) 360px, (min-width: 768px) calc(33.3vw - 27px), calc(50vw - 22px)',
  /**
   * Home's hero collage (pages/home.css): tiles of 3 of 6 columns, half the hero on phones, half of
   * its right column (1 of 2.05 fr) from 992 px. The first tile is 4 rows tall (292 px on phones,
   * 356 from 576 px), taller than 4:5, so the photo is scaled to 80 % of its height.
   */
  heroFirst:
    '(min-width: 992px) 285px, (min-width: 768px) calc(50vw - 30px), (min-width: 576px) calc(50vw - 22px), 234px',
  hero: '(min-width: 1160px) 254px, (min-width: 992px) calc(24.4vw - 29px), (min-width: 768px) calc(50vw - 30px), calc(50vw - 22px)',
  /** The swipe card (discover/swipe-deck.css): the column's width up to 420 px. */
  swipe: '(min-width: 452px) 420px, calc(100vw - 32px)',
  /**
   * The profile's large photo (profiles/member.css): the column, then 1.05 of 2.05 fr beside the
   * facts (48 px gap) from 992 px.
   */
  gallery:
    '(min-width: 1160px) 545px, (min-width: 992px) calc(51.2vw - 49px), (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)',
  /** The profile's thumbnails (72 px). */
  thumb: '72px',
} as const;
