/** The demo portraits' face: outline, cheeks, beard, eyes and brows with age lines, nose, mouth, glasses. */

import type { Look } from './look.ts';
import { darken, luminance } from './palette.ts';
import { type Face, f1, facePath, P } from './svg.ts';

/** The face outline, a subtle jaw shade and the cheeks. */
export function faceSvg({ face, female, skin, skinShade, eyeDx }: Look): string[] {
  const { cx, chin, jaw, eyeY } = face;
  const parts = [`<path fill="${skin}" d="${facePath(face)}"/>`];
  // Soft shadow under the chin onto the neck is done by the neck shade; a subtle jaw shade:
  parts.push(
    `<path fill="${skinShade}" opacity="0.35" d="${P`M ${cx - jaw * 0.5} ${chin - 4} Q ${cx} ${chin + 6} ${cx + jaw * 0.5} ${chin - 4} Q ${cx} ${chin - 0} ${cx - jaw * 0.5} ${chin - 4} Z`}"/>`,
  );
  const blush = female ? 0.22 : 0.1;
  for (const side of [-1, 1]) {
    parts.push(
      `<ellipse cx="${f1(cx + side * (eyeDx + 14))}" cy="${f1(eyeY + 36)}" rx="16" ry="10" fill="#f07c7c" opacity="${blush}"/>`,
    );
  }
  return parts;
}

/** Beard or stubble (under the mouth); none for women or without a beard. */
export function beardOf(look: Look, hasBeard: boolean): string[] {
  if (!hasBeard || look.female) return [];
  // Stubble only reads as stubble when it is darker than the skin; otherwise draw a short beard.
  const stubble = look.stubbleOnly && luminance(look.hair) < luminance(look.skin) - 0.12;
  return [beardSvg(look.face, darken(look.hair, 0.05), !stubble, look.mouthY)];
}

function beardSvg(f: Face, color: string, full: boolean, mouthY: number): string {
  const { cx, fw, chin, jaw } = f;
  const outer = P`M ${cx - fw + 2} ${f.eyeY + 24}
    C ${cx - fw + 4} ${f.eyeY + 80} ${cx - jaw - 6} ${chin - 10} ${cx} ${chin + (full ? 16 : 4)}
    C ${cx + jaw + 6} ${chin - 10} ${cx + fw - 4} ${f.eyeY + 80} ${cx + fw - 2} ${f.eyeY + 24}
    C ${cx + fw - 14} ${f.eyeY + 50} ${cx + 34} ${mouthY - 22} ${cx} ${mouthY - 20}
    C ${cx - 34} ${mouthY - 22} ${cx - fw + 14} ${f.eyeY + 50} ${cx - fw + 2} ${f.eyeY + 24} Z`;
  const mouthHole = P`M ${cx - 24} ${mouthY - 2} Q ${cx} ${mouthY + 20} ${cx + 24} ${mouthY - 2} Q ${cx} ${mouthY - 8} ${cx - 24} ${mouthY - 2} Z`;
  if (!full) {
    return `<path fill="${darken(color, 0.35)}" opacity="0.2" fill-rule="evenodd" d="${outer} ${mouthHole}"/>`;
  }
  const moustache = P`M ${cx - 30} ${mouthY + 2} C ${cx - 26} ${mouthY - 16} ${cx - 8} ${mouthY - 16} ${cx} ${mouthY - 10}
    C ${cx + 8} ${mouthY - 16} ${cx + 26} ${mouthY - 16} ${cx + 30} ${mouthY + 2} C ${cx + 16} ${mouthY - 4} ${cx - 16} ${mouthY - 4} ${cx - 30} ${mouthY + 2} Z`;
  return `<path fill="${color}" fill-rule="evenodd" d="${outer} ${mouthHole}"/><path fill="${color}" d="${moustache}"/>`;
}

/** Eyes and brows, with crow's feet, eye bags, forehead lines and smile folds as the age asks. */
export function eyesSvg(look: Look): string[] {
  const { face, female, age, eyeDx, eyeRx, eyeRy, browLift, browTilt, brow, skinShade, mouthY, mouthW } =
    look;
  const { cx, eyeY } = face;
  const ink = '#2b1d17';
  const parts: string[] = [];
  for (const side of [-1, 1]) {
    const ex = cx + side * eyeDx;
    parts.push(
      `<ellipse cx="${f1(ex)}" cy="${f1(eyeY)}" rx="${f1(eyeRx)}" ry="${f1(eyeRy)}" fill="${ink}"/>`,
      `<circle cx="${f1(ex + 2)}" cy="${f1(eyeY - 2.5)}" r="2" fill="#ffffff" opacity="0.9"/>`,
    );
    if (female) {
      // a small lash flick at the outer corner
      parts.push(
        `<path fill="none" stroke="${ink}" stroke-width="2.5" stroke-linecap="round" d="${P`M ${ex + side * (eyeRx - 1)} ${eyeY - eyeRy + 2} l ${side * 6} ${-4}`}"/>`,
      );
    }
    // brows
    const by = eyeY - 20 - browLift;
    const bw = female ? 3.6 : 5.2;
    parts.push(
      `<path fill="none" stroke="${brow}" stroke-width="${bw}" stroke-linecap="round" d="${P`M ${ex - side * 12} ${by + 2 + browTilt * 0.3} Q ${ex} ${by - 4} ${ex + side * 14} ${by + browTilt}`}"/>`,
    );
    // age cues: crow's feet
    if (age >= 55) {
      parts.push(
        `<path fill="none" stroke="${skinShade}" stroke-width="1.8" stroke-linecap="round" opacity="0.9" d="${P`M ${ex + side * (eyeRx + 8)} ${eyeY - 3} l ${side * 7} ${-3} M ${ex + side * (eyeRx + 8)} ${eyeY + 3} l ${side * 7} ${3}`}"/>`,
      );
    }
    if (age >= 45) {
      parts.push(
        `<path fill="none" stroke="${skinShade}" stroke-width="1.6" stroke-linecap="round" opacity="0.8" d="${P`M ${ex - 6} ${eyeY + eyeRy + 5} Q ${ex} ${eyeY + eyeRy + 8} ${ex + 6} ${eyeY + eyeRy + 5}`}"/>`,
      );
    }
  }
  if (age >= 58) {
    // forehead lines and smile folds
    parts.push(
      `<path fill="none" stroke="${skinShade}" stroke-width="1.8" stroke-linecap="round" opacity="0.75" d="${P`M ${cx - 22} ${eyeY - 52} Q ${cx} ${eyeY - 56} ${cx + 22} ${eyeY - 52} M ${cx - 16} ${eyeY - 43} Q ${cx} ${eyeY - 46} ${cx + 16} ${eyeY - 43}`}"/>`,
    );
  }
  if (age >= 50) {
    for (const side of [-1, 1]) {
      parts.push(
        `<path fill="none" stroke="${skinShade}" stroke-width="2" stroke-linecap="round" opacity="0.8" d="${P`M ${cx + side * 20} ${mouthY - 30} Q ${cx + side * 30} ${mouthY - 12} ${cx + side * (mouthW + 8)} ${mouthY + 4}`}"/>`,
      );
    }
  }
  return parts;
}

/** The nose: a curve, a profile line or a soft shadow. */
export function noseSvg({ face, skinShade, noseStyle }: Look): string[] {
  const { cx, eyeY } = face;
  const parts: string[] = [];
  const ny = eyeY + 38;
  if (noseStyle === 0) {
    parts.push(
      `<path fill="none" stroke="${skinShade}" stroke-width="3.2" stroke-linecap="round" d="${P`M ${cx - 8} ${ny} Q ${cx} ${ny + 7} ${cx + 8} ${ny}`}"/>`,
    );
  } else if (noseStyle === 1) {
    parts.push(
      `<path fill="none" stroke="${skinShade}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round" d="${P`M ${cx + 3} ${ny - 28} Q ${cx - 3} ${ny - 8} ${cx - 7} ${ny} Q ${cx} ${ny + 5} ${cx + 7} ${ny - 1}`}"/>`,
    );
  } else {
    parts.push(`<ellipse cx="${f1(cx)}" cy="${f1(ny)}" rx="9" ry="6" fill="${skinShade}" opacity="0.8"/>`);
  }
  return parts;
}

/** The mouth: an open smile (lips outlined for women) or a closed one. */
export function mouthSvg({ face, female, mouthY, mouthW, openSmile, lip, skinShade }: Look): string[] {
  const { cx } = face;
  const parts: string[] = [];
  const mw = mouthW;
  if (openSmile) {
    parts.push(
      `<path fill="#7b2f33" d="${P`M ${cx - mw} ${mouthY} Q ${cx} ${mouthY + 4} ${cx + mw} ${mouthY} Q ${cx} ${mouthY + mw * 1.15} ${cx - mw} ${mouthY} Z`}"/>`,
      `<path fill="#ffffff" d="${P`M ${cx - mw + 4} ${mouthY + 1.6} Q ${cx} ${mouthY + 5} ${cx + mw - 4} ${mouthY + 1.6} Q ${cx} ${mouthY + 10} ${cx - mw + 4} ${mouthY + 1.6} Z`}"/>`,
    );
    if (female) {
      parts.push(
        `<path fill="none" stroke="${lip}" stroke-width="3" stroke-linejoin="round" d="${P`M ${cx - mw} ${mouthY} Q ${cx} ${mouthY + 4} ${cx + mw} ${mouthY} Q ${cx} ${mouthY + mw * 1.15} ${cx - mw} ${mouthY} Z`}"/>`,
      );
    }
  } else {
    const lc = female ? lip : darken(skinShade, 0.25);
    parts.push(
      `<path fill="none" stroke="${lc}" stroke-width="${female ? 5 : 4}" stroke-linecap="round" d="${P`M ${cx - mw} ${mouthY} Q ${cx} ${mouthY + mw * 0.75} ${cx + mw} ${mouthY}`}"/>`,
    );
  }
  return parts;
}

/** Glasses, round or square-ish, when the spec has them (draws from `r` only then). */
export function glassesSvg(look: Look, hasGlasses: boolean, r: () => number): string[] {
  if (!hasGlasses) return [];
  const { face, eyeDx, glassesColor } = look;
  const { cx, fw, eyeY } = face;
  const gw = 21;
  const gh = 16;
  const round = r() < 0.5 ? 12 : 6;
  let g = '';
  for (const side of [-1, 1]) {
    const ex = cx + side * eyeDx;
    g += `<rect x="${f1(ex - gw)}" y="${f1(eyeY - gh + 1)}" width="${gw * 2}" height="${gh * 2}" rx="${round}" fill="#ffffff" fill-opacity="0.12"/>`;
  }
  g += `<path d="${P`M ${cx - eyeDx + gw} ${eyeY - 3} Q ${cx} ${eyeY - 9} ${cx + eyeDx - gw} ${eyeY - 3} M ${cx - eyeDx - gw} ${eyeY - 4} L ${cx - fw + 2} ${eyeY - 8} M ${cx + eyeDx + gw} ${eyeY - 4} L ${cx + fw - 2} ${eyeY - 8}`}"/>`;
  return [`<g fill="none" stroke="${glassesColor}" stroke-width="3.6">${g}</g>`];
}
