/** The demo portraits' backdrop and body: background, neck, shoulders and neckline, ears. */

import type { Look } from './look.ts';
import { lighten } from './palette.ts';
import { f1, P, VIEW_H, VIEW_W } from './svg.ts';

/** Background: soft gradient plus a light halo behind the head. */
export function backgroundSvg({ bg, face }: Look): string {
  return `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>
    <radialGradient id="halo" cx="0.5" cy="0.42" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#bg)"/>
  <circle cx="${f1(face.cx)}" cy="${f1(face.top + 120)}" r="230" fill="url(#halo)"/>`;
}

/** Where the shoulders start, below the chin. */
export const shoulderYOf = ({ face }: Look) => face.chin + 40;

/** Neck, shoulders in the shirt and its neckline (V-neck, crew neck or open collar). */
export function bodySvg(look: Look): string[] {
  const { face, female, skin, skinShade, shirt, shirtShade, neckline } = look;
  const { cx, chin } = face;
  const parts: string[] = [];
  const neckW = female ? 31 : 38;
  const neckTop = chin - 50;
  const shoulderY = shoulderYOf(look);
  const sw = female ? 178 : 200;
  parts.push(
    `<path fill="${skinShade}" d="${P`M ${cx - neckW} ${neckTop} L ${cx - neckW} ${shoulderY + 20} L ${cx + neckW} ${shoulderY + 20} L ${cx + neckW} ${neckTop} Z`}"/>`,
  );
  parts.push(
    `<path fill="${skin}" d="${P`M ${cx - neckW} ${chin - 6} L ${cx - neckW} ${shoulderY + 20} L ${cx + neckW} ${shoulderY + 20} L ${cx + neckW} ${chin - 6} Q ${cx} ${chin + 22} ${cx - neckW} ${chin - 6} Z`}"/>`,
  );
  const torso = P`M ${cx - sw - 40} ${VIEW_H + 10} C ${cx - sw - 30} ${shoulderY + 60} ${cx - sw + 20} ${shoulderY + 4} ${cx - neckW - 20} ${shoulderY - 6}
    L ${cx + neckW + 20} ${shoulderY - 6} C ${cx + sw - 20} ${shoulderY + 4} ${cx + sw + 30} ${shoulderY + 60} ${cx + sw + 40} ${VIEW_H + 10} Z`;
  parts.push(`<path fill="${shirt}" d="${torso}"/>`);
  if (neckline === 0) {
    // V-neck
    parts.push(
      `<path fill="${skin}" d="${P`M ${cx - neckW - 4} ${shoulderY - 7} L ${cx} ${shoulderY + 58} L ${cx + neckW + 4} ${shoulderY - 7} Z`}"/>`,
      `<path fill="none" stroke="${shirtShade}" stroke-width="6" stroke-linejoin="round" d="${P`M ${cx - neckW - 6} ${shoulderY - 6} L ${cx} ${shoulderY + 60} L ${cx + neckW + 6} ${shoulderY - 6}`}"/>`,
    );
  } else if (neckline === 1) {
    // crew neck
    parts.push(
      `<path fill="${skin}" d="${P`M ${cx - neckW - 2} ${shoulderY - 7} Q ${cx} ${shoulderY + 26} ${cx + neckW + 2} ${shoulderY - 7} Z`}"/>`,
      `<path fill="none" stroke="${shirtShade}" stroke-width="8" stroke-linecap="round" d="${P`M ${cx - neckW - 6} ${shoulderY - 5} Q ${cx} ${shoulderY + 30} ${cx + neckW + 6} ${shoulderY - 5}`}"/>`,
    );
  } else {
    // open collar
    parts.push(
      `<path fill="${skin}" d="${P`M ${cx - neckW - 4} ${shoulderY - 7} L ${cx} ${shoulderY + 44} L ${cx + neckW + 4} ${shoulderY - 7} Z`}"/>`,
      `<path fill="${lighten(shirt, 0.12)}" d="${P`M ${cx - neckW - 8} ${shoulderY - 10} L ${cx - 6} ${shoulderY + 46} L ${cx - neckW - 34} ${shoulderY + 24} Z`}"/>`,
      `<path fill="${lighten(shirt, 0.12)}" d="${P`M ${cx + neckW + 8} ${shoulderY - 10} L ${cx + 6} ${shoulderY + 46} L ${cx + neckW + 34} ${shoulderY + 24} Z`}"/>`,
    );
  }
  return parts;
}

/** Ears (behind the face), with earrings. */
export function earsSvg({ face, skin, skinShade, earrings }: Look): string[] {
  const parts: string[] = [];
  for (const side of [-1, 1]) {
    const ex = face.cx + side * (face.fw - 2);
    parts.push(
      `<ellipse cx="${f1(ex)}" cy="${f1(face.eyeY + 14)}" rx="13" ry="21" fill="${skin}"/><ellipse cx="${f1(ex + side * 2)}" cy="${f1(face.eyeY + 14)}" rx="6" ry="12" fill="${skinShade}"/>`,
    );
    if (earrings)
      parts.push(`<circle cx="${f1(ex + side * 2)}" cy="${f1(face.eyeY + 38)}" r="4.5" fill="#e8c468"/>`);
  }
  return parts;
}
