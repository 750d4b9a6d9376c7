/**
 * Flat-illustration portraits for demo members, drawn as SVG and rasterised to JPEG with sharp.
 * Everything is derived from the PortraitSpec: the same spec always gives the same picture.
 * `seed` fixes the identity (face shape, features, clothes); `background` varies between the
 * photos of one member (and shifts the clothing colour, as on different days).
 * The parts are drawn in portrait/: the look (every choice, portrait/look.ts), backdrop and body,
 * hair, face features; colours in portrait/palette.ts.
 */
import sharp from 'sharp';
import type { PortraitSpec } from './demo-data.ts';
import { backgroundSvg, bodySvg, earsSvg, shoulderYOf } from './portrait/body.ts';
import { beardOf, eyesSvg, faceSvg, glassesSvg, mouthSvg, noseSvg } from './portrait/features.ts';
import { hairBack, hairFront, hairOverShoulders } from './portrait/hair.ts';
import { lookOf } from './portrait/look.ts';
import { darken } from './portrait/palette.ts';
import { rngFrom, VIEW_H, VIEW_W } from './portrait/svg.ts';

export type { PortraitSpec } from './demo-data.ts';

/** The portrait as SVG text, bottom layer first. The random stream is read in a fixed order. */
export function portraitSvg(spec: PortraitSpec, width = 480, height = 600): string {
  const r = rngFrom(spec.seed);
  const look = lookOf(spec, r);
  const { face, hair } = look;
  const parts = [
    backgroundSvg(look),
    // Everything but the background is drawn a little larger, like a head-and-shoulders photo.
    '<g transform="translate(240 330) scale(1.26) translate(-240 -330)">',
    hairBack(spec, face, darken(hair, 0.08), r),
    ...bodySvg(look),
    ...hairOverShoulders(spec, face, darken(hair, 0.02), shoulderYOf(look), r),
    ...earsSvg(look),
    ...faceSvg(look),
    ...beardOf(look, spec.beard),
    ...eyesSvg(look),
    ...noseSvg(look),
    ...mouthSvg(look),
    hairFront(spec, face, hair, r, look.receding),
    ...glassesSvg(look, spec.glasses, r),
    '</g>',
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${VIEW_W} ${VIEW_H}" preserveAspectRatio="xMidYMid slice">${parts.join('')}</svg>`;
}

/** Renders a portrait to a baseline JPEG without metadata. */
export async function renderPortrait(spec: PortraitSpec, width = 480, height = 600): Promise<Buffer> {
  const svg = portraitSvg(spec, width, height);
  return sharp(Buffer.from(svg), { density: 72 })
    .resize(width, height, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: false, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
