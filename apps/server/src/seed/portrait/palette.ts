/** The demo portraits' colours: skin, hair, backgrounds, clothes, lips, and the colour arithmetic. */

/** Skin tones, lightest to darkest: [base, shade]. */
export const SKIN: readonly (readonly [string, string])[] = [
  ['#f7dcc8', '#e8bfa5'],
  ['#efc3a1', '#dba584'],
  ['#dca57f', '#c48963'],
  ['#bb7d57', '#a06443'],
  ['#8f5b3c', '#77472d'],
  ['#623d29', '#4f2f1f'],
];

export const HAIR: Record<string, string> = {
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

export const BACKGROUNDS: readonly (readonly [string, string])[] = [
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

export const CLOTHES: readonly string[] = [
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

export const LIPS = ['#c45a5f', '#b84a5a', '#d0707a', '#a5525a', '#c96a5a'];

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

export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * t));
}

export const darken = (c: string, t: number) => mix(c, '#000000', t);
export const luminance = (c: string) => {
  const [r, g, b] = hexToRgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
