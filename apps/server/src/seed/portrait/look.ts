/**
 * A demo portrait's look: every choice the drawing makes, drawn from the spec and its seed in a
 * fixed order (the same spec always gives the same look, so the same picture).
 */
import type { PortraitSpec } from '../demo/types.ts';
import { BACKGROUNDS, CLOTHES, darken, HAIR, LIPS, mix, SKIN } from './palette.ts';
import type { Face } from './svg.ts';

export interface Look {
  female: boolean;
  age: number;
  face: Face;
  skin: string;
  skinShade: string;
  /** The background gradient's two stops. */
  bg: readonly [string, string];
  eyeDx: number;
  eyeRx: number;
  eyeRy: number;
  browLift: number;
  browTilt: number;
  noseStyle: number;
  mouthY: number;
  mouthW: number;
  openSmile: boolean;
  lip: string;
  earrings: boolean;
  neckline: number;
  glassesColor: string;
  stubbleOnly: boolean;
  receding: boolean;
  hair: string;
  brow: string;
  shirt: string;
  shirtShade: string;
}

/** Draws the look from the spec; `r` is the portrait's random stream, read in a fixed order. */
export function lookOf(spec: PortraitSpec, r: () => number): Look {
  const female = spec.gender === 'female';
  const age = Math.max(18, Math.min(90, Math.round(spec.age || 30)));
  const tone = SKIN[Math.max(0, Math.min(SKIN.length - 1, Math.round(spec.skinTone || 0)))]!;
  const [skin, skinShade] = tone;
  const bg =
    BACKGROUNDS[(((spec.background | 0) % BACKGROUNDS.length) + BACKGROUNDS.length) % BACKGROUNDS.length]!;

  // Identity (from the seed).
  const cx = 240 + (r() - 0.5) * 8;
  const fw = (female ? 70 : 76) + r() * 8;
  const top = 150 + r() * 8;
  const chin = top + (female ? 212 : 222) + r() * 12;
  const jaw = female ? 36 + r() * 10 : 42 + r() * 12;
  const eyeY = top + 108 + r() * 8;
  const face: Face = { cx, fw, top, chin, jaw, eyeY };
  const eyeDx = 28 + r() * 6;
  const eyeRy = 6.5 + r() * 1.8;
  const eyeRx = eyeRy * (0.8 + r() * 0.2);
  const browLift = r() * 4;
  const browTilt = (r() - 0.35) * 5;
  const noseStyle = Math.floor(r() * 3);
  const mouthY = eyeY + 66 + r() * 8;
  const mouthW = 17 + r() * 7;
  const openSmile = r() < 0.55;
  const lip = LIPS[Math.floor(r() * LIPS.length)]!;
  const earrings = female && r() < 0.45;
  const clothesIdx = Math.floor(r() * CLOTHES.length);
  const neckline = Math.floor(r() * 3);
  const glassesColor = r() < 0.5 ? '#2b2b2b' : '#6a4128';
  const stubbleOnly = r() < 0.45;
  const receding = !female && age >= 50 && spec.hairStyle !== 4 && r() < 0.25;

  // Hair colour: bald members keep a greyish or dark fringe on the sides.
  let hairKey = spec.hairColor;
  if (hairKey === 'bald') hairKey = age >= 50 ? 'gray' : 'dark_brown';
  let hair = HAIR[hairKey] ?? HAIR.brown!;
  if (age >= 58 && hairKey !== 'gray' && hairKey !== 'white') hair = mix(hair, '#b0aca6', 0.3);
  const brow =
    hairKey === 'white' || hairKey === 'gray'
      ? darken(hair, 0.35)
      : darken(hair, hairKey === 'blond' ? 0.35 : 0.2);
  const shirt = CLOTHES[(clothesIdx + (spec.background | 0) * 5) % CLOTHES.length]!;
  return {
    female,
    age,
    face,
    skin,
    skinShade,
    bg,
    eyeDx,
    eyeRx,
    eyeRy,
    browLift,
    browTilt,
    noseStyle,
    mouthY,
    mouthW,
    openSmile,
    lip,
    earrings,
    neckline,
    glassesColor,
    stubbleOnly,
    receding,
    hair,
    brow,
    shirt,
    shirtShade: darken(shirt, 0.15),
  };
}
