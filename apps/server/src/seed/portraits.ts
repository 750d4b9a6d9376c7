/**
 * Flat-illustration portraits for demo members, drawn as SVG and rasterised to JPEG with sharp.
 * Everything is derived from the PortraitSpec: the same spec always gives the same picture.
 * `seed` fixes the identity (face shape, features, clothes); `background` varies between the
 * photos of one member (and shifts the clothing colour, as on different days).
 */
import sharp from 'sharp';
import type { PortraitSpec } from './demo-data.ts';

export type { PortraitSpec } from './demo-data.ts';

const VIEW_W = 480;
const VIEW_H = 600;

/** Skin tones, lightest to darkest: [base, shade]. */
const SKIN: readonly (readonly [string, string])[] = [
  ['#f7dcc8', '#e8bfa5'],
  ['#efc3a1', '#dba584'],
  ['#dca57f', '#c48963'],
  ['#bb7d57', '#a06443'],
  ['#8f5b3c', '#77472d'],
  ['#623d29', '#4f2f1f'],
];

const HAIR: Record<string, string> = {
  black: '#2a2322',
  blond: '#e0bd78',
  dark_blond: '#b58f58',
  brunette: '#6b4329',
  brown: '#8a5a35',
  dark_brown: '#4a3020',
  gray: '#a9a6a2',
  red: '#b5542c',
  white: '#e6e2da',
  other: '#7d3f6b',
};

const BACKGROUNDS: readonly (readonly [string, string])[] = [
  ['#ffd6a5', '#fff1c1'],
  ['#c7f0d8', '#a5e6f0'],
  ['#a9c8ff', '#cdbfff'],
  ['#ffd1f2', '#ffb8b8'],
  ['#fbc9b0', '#fbeee8'],
  ['#bfe3d6', '#ecc8d9'],
  ['#dbe6ee', '#b6cfe4'],
  ['#ffe8bd', '#ffbfae'],
  ['#d4bfe3', '#ffbcd6'],
  ['#9fdcf2', '#f3c9ec'],
];

const CLOTHES: readonly string[] = [
  '#2f4858',
  '#33658a',
  '#f26419',
  '#e0a526',
  '#4f8a3a',
  '#8a5a44',
  '#6d597a',
  '#d9595f',
  '#355070',
  '#b56576',
  '#2a9d8f',
  '#264653',
  '#f4f1ea',
  '#3d3d3d',
];

const LIPS = ['#c45a5f', '#b84a5a', '#d0707a', '#a5525a', '#c96a5a'];

function rngFrom(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v ?? 0)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * t));
}

const darken = (c: string, t: number) => mix(c, '#000000', t);
const luminance = (c: string) => {
  const [r, g, b] = hexToRgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

/** Small path helper: numbers are rounded to one decimal. */
function P(strings: TemplateStringsArray, ...values: number[]): string {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += f1(values[i]!) + (strings[i + 1] ?? '');
  return out;
}

interface Face {
  cx: number;
  /** Vertical centre of the eyes. */
  eyeY: number;
  /** Half width of the face at the cheekbones. */
  fw: number;
  top: number;
  chin: number;
  jaw: number;
}

function facePath(f: Face): string {
  const { cx, fw, top, chin, jaw } = f;
  return P`M ${cx} ${top}
    C ${cx + fw * 0.72} ${top} ${cx + fw} ${top + 38} ${cx + fw} ${top + 92}
    C ${cx + fw} ${top + 140} ${cx + jaw + 10} ${chin - 28} ${cx + jaw * 0.45} ${chin - 6}
    Q ${cx} ${chin + 6} ${cx - jaw * 0.45} ${chin - 6}
    C ${cx - jaw - 10} ${chin - 28} ${cx - fw} ${top + 140} ${cx - fw} ${top + 92}
    C ${cx - fw} ${top + 38} ${cx - fw * 0.72} ${top} ${cx} ${top} Z`;
}

/** Hair drawn behind the head and shoulders (long styles). */
function hairBack(spec: PortraitSpec, f: Face, color: string, r: () => number): string {
  const { cx, fw, top } = f;
  if (spec.gender === 'male') return '';
  const L = cx - fw - 16;
  const R = cx + fw + 16;
  switch (spec.hairStyle) {
    case 0: {
      // long straight
      const end = 500 + r() * 30;
      return `<path fill="${color}" d="${P`M ${cx} ${top - 22} C ${R + 22} ${top - 22} ${R + 8} ${top + 80} ${R + 6} ${top + 150}
        L ${R + 14} ${end} Q ${cx} ${end + 18} ${L - 14} ${end} L ${L - 6} ${top + 150}
        C ${L - 8} ${top + 80} ${L - 22} ${top - 22} ${cx} ${top - 22} Z`}"/>`;
    }
    case 1: {
      // long wavy
      const end = 490 + r() * 30;
      const wave = (x: number, dir: number) => {
        let d = '';
        for (let i = 0; i < 4; i++) {
          const y0 = top + 140 + i * ((end - top - 140) / 4);
          const y1 = y0 + (end - top - 140) / 4;
          d += P` Q ${x + dir * (i % 2 === 0 ? 16 : -6)} ${(y0 + y1) / 2} ${x + dir * 4} ${y1}`;
        }
        return d;
      };
      return `<path fill="${color}" d="${P`M ${cx} ${top - 26} C ${R + 30} ${top - 26} ${R + 14} ${top + 80} ${R + 10} ${top + 140}`}${wave(R + 10, 1)}
        ${P`Q ${cx} ${end + 30} ${L - 14} ${end}`}${wave(L - 10, -1)}
        ${P`L ${L - 10} ${top + 140} C ${L - 14} ${top + 80} ${L - 30} ${top - 26} ${cx} ${top - 26} Z`}"/>`;
    }
    case 5: {
      // curly: a bumpy cloud around the top and sides of the head, ending at jaw level
      const ecy = top + 118;
      const rx = fw + 40;
      const ry = 148;
      let out = `<path d="${P`M ${cx - rx} ${ecy} A ${rx} ${ry} 0 0 1 ${cx + rx} ${ecy} L ${cx + rx - 6} ${ecy + 110}
        Q ${cx} ${ecy + 60} ${cx - rx + 6} ${ecy + 110} Z`}"/>`;
      const n = 18;
      for (let i = 0; i < n; i++) {
        const a = Math.PI * (0.95 + (1.1 * i) / (n - 1));
        out += `<circle cx="${f1(cx + Math.cos(a) * rx)}" cy="${f1(ecy + Math.sin(a) * ry)}" r="${f1(22 + r() * 8)}"/>`;
      }
      for (const side of [-1, 1]) {
        for (let i = 0; i < 3; i++) {
          out += `<circle cx="${f1(cx + side * (rx - 6 - i * 3))}" cy="${f1(ecy + 30 + i * 34)}" r="${f1(26 + r() * 6)}"/>`;
        }
      }
      return `<g fill="${color}">${out}</g>`;
    }
    case 2: {
      // bob: chin length
      return `<path fill="${color}" d="${P`M ${cx} ${top - 24} C ${R + 26} ${top - 24} ${R + 10} ${top + 90} ${R + 12} ${top + 190}
        Q ${R + 4} ${top + 218} ${R - 26} ${top + 214} L ${L + 26} ${top + 214} Q ${L - 4} ${top + 218} ${L - 12} ${top + 190}
        C ${L - 10} ${top + 90} ${L - 26} ${top - 24} ${cx} ${top - 24} Z`}"/>`;
    }
    case 3: {
      // ponytail peeking out on one side
      const side = r() < 0.5 ? -1 : 1;
      const x = cx + side * (fw + 10);
      return `<path fill="${color}" d="${P`M ${x - side * 10} ${top + 40} C ${x + side * 50} ${top + 40} ${x + side * 58} ${top + 160} ${x + side * 30} ${top + 250}
        C ${x + side * 20} ${top + 280} ${x + side * 8} ${top + 240} ${x + side * 12} ${top + 200}
        C ${x + side * 18} ${top + 140} ${x} ${top + 90} ${x - side * 20} ${top + 70} Z`}"/>`;
    }
    case 4: {
      // bun on top
      return `<circle fill="${color}" cx="${cx + (r() - 0.5) * 20}" cy="${f1(top - 28)}" r="${f1(38 + r() * 6)}"/>`;
    }
    default:
      return '';
  }
}

/** Hair on top of the head (drawn over the face outline). */
function hairFront(spec: PortraitSpec, f: Face, color: string, r: () => number, receding: boolean): string {
  const { cx, fw, top } = f;
  const sideL = cx - fw - 6;
  const sideR = cx + fw + 6;
  const shine = lighten(color, 0.14);
  if (spec.gender === 'female') {
    switch (spec.hairStyle) {
      case 6: {
        // pixie: short, textured, swept fringe
        const dir = r() < 0.5 ? -1 : 1;
        return `<path fill="${color}" d="${P`M ${sideL + 2} ${top + 110} C ${sideL - 10} ${top + 20} ${cx - 40} ${top - 22} ${cx + 6} ${top - 20}
          C ${sideR + 10} ${top - 18} ${sideR + 10} ${top + 40} ${sideR - 2} ${top + 110}
          C ${sideR - 8} ${top + 80} ${sideR - 10} ${top + 58} ${cx + dir * 30} ${top + 52}
          C ${cx} ${top + 48} ${cx - dir * 30} ${top + 70} ${sideL + 6} ${top + 96} Z`}"/>`;
      }
      case 5: {
        // curly: bumpy fringe line
        let bumps = '';
        const n = 7;
        for (let i = 0; i < n; i++) {
          const x = cx - fw + 8 + (i * (2 * fw - 16)) / (n - 1);
          const y = top + 22 + Math.abs(i - (n - 1) / 2) * 6 + r() * 6;
          bumps += `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(20 + r() * 6)}"/>`;
        }
        return `<g fill="${color}">${bumps}<ellipse cx="${cx}" cy="${f1(top + 2)}" rx="${f1(fw + 12)}" ry="36"/></g>`;
      }
      default: {
        // side parting with a swept fringe (long styles, bob); pulled back for ponytail and bun
        const pulledBack = spec.hairStyle === 3 || spec.hairStyle === 4;
        const down = pulledBack ? top + 92 : spec.hairStyle === 2 ? top + 190 : top + 175;
        const iL = sideL + (pulledBack ? 8 : 14);
        const iR = sideR - (pulledBack ? 8 : 14);
        const px = cx - fw * (0.3 + r() * 0.15);
        let d: string;
        if (pulledBack) {
          d = P`M ${sideL - 4} ${down} C ${sideL - 10} ${top + 20} ${cx - 50} ${top - 24} ${cx} ${top - 24}
            C ${cx + 50} ${top - 24} ${sideR + 10} ${top + 20} ${sideR + 4} ${down}
            L ${iR} ${down} C ${iR} ${top + 50} ${cx + 30} ${top + 26} ${cx} ${top + 26}
            C ${cx - 30} ${top + 26} ${iL} ${top + 50} ${iL} ${down} Z`;
        } else {
          const sweep = top + 70 + r() * 10;
          d = P`M ${sideL - 6} ${down} C ${sideL - 12} ${top + 20} ${cx - 50} ${top - 28} ${cx} ${top - 28}
            C ${cx + 50} ${top - 28} ${sideR + 12} ${top + 20} ${sideR + 6} ${down}
            L ${iR} ${down} C ${iR} ${top + 130} ${iR + 2} ${sweep + 14} ${iR - 4} ${sweep}
            C ${cx + 16} ${sweep - 4} ${px + 24} ${top + 44} ${px} ${top + 16}
            C ${px - 14} ${top + 34} ${iL + 6} ${top + 50} ${iL} ${top + 86}
            C ${iL} ${top + 120} ${iL} ${down - 20} ${iL} ${down} Z`;
        }
        const mirror = r() < 0.5 ? ` transform="translate(${f1(2 * cx)} 0) scale(-1 1)"` : '';
        const shineD = pulledBack
          ? P`M ${cx - 34} ${top - 12} Q ${cx} ${top - 20} ${cx + 34} ${top - 12}`
          : P`M ${px + 6} ${top - 14} Q ${px + 40} ${top - 10} ${px + 66} ${top + 12}`;
        return `<g${mirror}><path fill="${color}" d="${d}"/>
          <path fill="none" stroke="${shine}" stroke-width="5" stroke-linecap="round" opacity="0.55" d="${shineD}"/></g>`;
      }
    }
  }
  // male styles
  const style = receding ? 4 : spec.hairStyle;
  switch (style) {
    case 1: {
      // buzz cut: thin cap, slightly transparent
      return `<path fill="${color}" opacity="0.85" d="${P`M ${sideL + 4} ${top + 78} C ${sideL - 2} ${top + 10} ${cx - 40} ${top - 10} ${cx} ${top - 10}
        C ${cx + 40} ${top - 10} ${sideR + 2} ${top + 10} ${sideR - 4} ${top + 78}
        C ${sideR - 8} ${top + 50} ${cx + 40} ${top + 30} ${cx} ${top + 30} C ${cx - 40} ${top + 30} ${sideL + 8} ${top + 50} ${sideL + 4} ${top + 78} Z`}"/>`;
    }
    case 2: {
      // side part, neat
      const part = r() < 0.5 ? -1 : 1;
      const px = cx + part * fw * 0.4;
      return `<path fill="${color}" d="${P`M ${sideL + 2} ${top + 92} C ${sideL - 8} ${top + 10} ${cx - 40} ${top - 22} ${cx} ${top - 22}
        C ${cx + 44} ${top - 22} ${sideR + 8} ${top + 10} ${sideR - 2} ${top + 92}
        C ${sideR - 8} ${top + 60} ${sideR - 14} ${top + 42} ${cx + part * fw * 0.5} ${top + 36}
        C ${cx} ${top + 30} ${cx - fw * 0.5} ${top + 36} ${sideL + 10} ${top + 62} Z`}"/>
        <path stroke="${darken(color, 0.25)}" stroke-width="3" fill="none" stroke-linecap="round" d="${P`M ${px} ${top - 14} Q ${px + part * 4} ${top + 10} ${px + part * 2} ${top + 32}`}"/>`;
    }
    case 3: {
      // short curly
      let out = '';
      const n = 9;
      for (let i = 0; i < n; i++) {
        const a = Math.PI * (1.05 + (0.9 * i) / (n - 1));
        out += `<circle cx="${f1(cx + Math.cos(a) * (fw - 4))}" cy="${f1(top + 44 + Math.sin(a) * 58)}" r="${f1(17 + r() * 5)}"/>`;
      }
      return `<g fill="${color}">${out}<ellipse cx="${cx}" cy="${f1(top + 10)}" rx="${f1(fw - 8)}" ry="26"/></g>`;
    }
    case 4: {
      // bald / receding: hair only on the sides and back
      return `<g fill="${color}"><path d="${P`M ${sideL + 2} ${top + 120} C ${sideL - 6} ${top + 80} ${sideL - 2} ${top + 50} ${sideL + 14} ${top + 36}
        C ${sideL + 14} ${top + 60} ${sideL + 12} ${top + 90} ${sideL + 14} ${top + 118} Z`}"/>
        <path d="${P`M ${sideR - 2} ${top + 120} C ${sideR + 6} ${top + 80} ${sideR + 2} ${top + 50} ${sideR - 14} ${top + 36}
        C ${sideR - 14} ${top + 60} ${sideR - 12} ${top + 90} ${sideR - 14} ${top + 118} Z`}"/></g>`;
    }
    case 5: {
      // quiff: volume at the front
      const lift = 30 + r() * 10;
      return `<path fill="${color}" d="${P`M ${sideL + 2} ${top + 92} C ${sideL - 8} ${top + 10} ${cx - 50} ${top - lift} ${cx + 6} ${top - lift}
        C ${cx + 60} ${top - lift - 4} ${sideR + 10} ${top} ${sideR - 2} ${top + 92}
        C ${sideR - 8} ${top + 58} ${sideR - 16} ${top + 38} ${cx + 20} ${top + 30}
        C ${cx - 10} ${top + 26} ${cx - fw * 0.6} ${top + 40} ${sideL + 10} ${top + 64} Z`}"/>
        <path stroke="${shine}" stroke-width="4" fill="none" opacity="0.7" stroke-linecap="round" d="${P`M ${cx - 20} ${top - lift + 12} Q ${cx + 20} ${top - lift + 2} ${cx + 46} ${top - lift + 18}`}"/>`;
    }
    default: {
      // short, textured crop
      const fr = top + 32 + r() * 8;
      return `<path fill="${color}" d="${P`M ${sideL + 2} ${top + 90} C ${sideL - 6} ${top + 6} ${cx - 40} ${top - 18} ${cx} ${top - 18}
        C ${cx + 40} ${top - 18} ${sideR + 6} ${top + 6} ${sideR - 2} ${top + 90}
        C ${sideR - 6} ${top + 60} ${sideR - 14} ${fr + 6} ${cx + 30} ${fr}
        L ${cx + 18} ${fr + 6} L ${cx + 2} ${fr - 2} L ${cx - 14} ${fr + 6} L ${cx - 30} ${fr}
        C ${sideL + 14} ${fr + 6} ${sideL + 6} ${top + 60} ${sideL + 2} ${top + 90} Z`}"/>`;
    }
  }
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

export function portraitSvg(spec: PortraitSpec, width = 480, height = 600): string {
  const r = rngFrom(spec.seed);
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
  const shirtShade = darken(shirt, 0.15);
  const ink = '#2b1d17';

  const parts: string[] = [];
  // Background: soft gradient plus a light halo behind the head.
  parts.push(`<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>
    <radialGradient id="halo" cx="0.5" cy="0.42" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#bg)"/>
  <circle cx="${f1(cx)}" cy="${f1(top + 120)}" r="230" fill="url(#halo)"/>`);

  // Everything but the background is drawn a little larger, like a head-and-shoulders photo.
  parts.push('<g transform="translate(240 330) scale(1.26) translate(-240 -330)">');
  parts.push(hairBack(spec, face, darken(hair, 0.08), r));

  // Neck and shoulders.
  const neckW = female ? 31 : 38;
  const neckTop = chin - 50;
  const shoulderY = chin + 40;
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

  // Long hair falling over the shoulders in front.
  if (female && (spec.hairStyle === 0 || spec.hairStyle === 1)) {
    const c = darken(hair, 0.02);
    for (const side of [-1, 1]) {
      const x0 = cx + side * (fw + 6);
      const x1 = cx + side * (fw - 14);
      const end = shoulderY + 70 + r() * 30;
      parts.push(
        `<path fill="${c}" d="${P`M ${x0 + side * 12} ${top + 120} C ${x0 + side * 18} ${top + 200} ${x0 + side * 22} ${end - 40} ${x0 + side * 18} ${end}
        Q ${x0 - side * 10} ${end + 14} ${x1 - side * 8} ${end - 20} C ${x1 - side * 2} ${end - 80} ${x1} ${top + 200} ${x1} ${top + 120} Z`}"/>`,
      );
    }
  }

  // Ears (behind the face), with earrings.
  for (const side of [-1, 1]) {
    const ex = cx + side * (fw - 2);
    parts.push(
      `<ellipse cx="${f1(ex)}" cy="${f1(eyeY + 14)}" rx="13" ry="21" fill="${skin}"/><ellipse cx="${f1(ex + side * 2)}" cy="${f1(eyeY + 14)}" rx="6" ry="12" fill="${skinShade}"/>`,
    );
    if (earrings)
      parts.push(`<circle cx="${f1(ex + side * 2)}" cy="${f1(eyeY + 38)}" r="4.5" fill="#e8c468"/>`);
  }

  // Face.
  parts.push(`<path fill="${skin}" d="${facePath(face)}"/>`);
  // Soft shadow under the chin onto the neck is done by the neck shade; a subtle jaw shade:
  parts.push(
    `<path fill="${skinShade}" opacity="0.35" d="${P`M ${cx - jaw * 0.5} ${chin - 4} Q ${cx} ${chin + 6} ${cx + jaw * 0.5} ${chin - 4} Q ${cx} ${chin - 0} ${cx - jaw * 0.5} ${chin - 4} Z`}"/>`,
  );

  // Cheeks.
  const blush = female ? 0.22 : 0.1;
  for (const side of [-1, 1]) {
    parts.push(
      `<ellipse cx="${f1(cx + side * (eyeDx + 14))}" cy="${f1(eyeY + 36)}" rx="16" ry="10" fill="#f07c7c" opacity="${blush}"/>`,
    );
  }

  // Beard / stubble (under the mouth).
  if (spec.beard && !female) {
    // Stubble only reads as stubble when it is darker than the skin; otherwise draw a short beard.
    const stubble = stubbleOnly && luminance(hair) < luminance(skin) - 0.12;
    parts.push(beardSvg(face, darken(hair, 0.05), !stubble, mouthY));
  }

  // Eyes.
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

  // Nose.
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

  // Mouth.
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

  // Hair on top.
  parts.push(hairFront(spec, face, hair, r, receding));

  // Glasses.
  if (spec.glasses) {
    const gw = 21;
    const gh = 16;
    const round = r() < 0.5 ? 12 : 6;
    let g = '';
    for (const side of [-1, 1]) {
      const ex = cx + side * eyeDx;
      g += `<rect x="${f1(ex - gw)}" y="${f1(eyeY - gh + 1)}" width="${gw * 2}" height="${gh * 2}" rx="${round}" fill="#ffffff" fill-opacity="0.12"/>`;
    }
    g += `<path d="${P`M ${cx - eyeDx + gw} ${eyeY - 3} Q ${cx} ${eyeY - 9} ${cx + eyeDx - gw} ${eyeY - 3} M ${cx - eyeDx - gw} ${eyeY - 4} L ${cx - fw + 2} ${eyeY - 8} M ${cx + eyeDx + gw} ${eyeY - 4} L ${cx + fw - 2} ${eyeY - 8}`}"/>`;
    parts.push(`<g fill="none" stroke="${glassesColor}" stroke-width="3.6">${g}</g>`);
  }

  parts.push('</g>');
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
