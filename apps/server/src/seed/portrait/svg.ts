/** Drawing helpers of the demo portraits: the canvas, the seeded randomness, path text, the face outline. */

/** The portrait's own coordinates (the SVG viewBox); the output size scales them. */
export const VIEW_W = 480;
export const VIEW_H = 600;

export function rngFrom(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

/** Small path helper: numbers are rounded to one decimal. */
export function P(strings: TemplateStringsArray, ...values: number[]): string {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += f1(values[i]!) + (strings[i + 1] ?? '');
  return out;
}

export interface Face {
  cx: number;
  /** Vertical centre of the eyes. */
  eyeY: number;
  /** Half width of the face at the cheekbones. */
  fw: number;
  top: number;
  chin: number;
  jaw: number;
}

export function facePath(f: Face): string {
  const { cx, fw, top, chin, jaw } = f;
  return P`M ${cx} ${top}
    C ${cx + fw * 0.72} ${top} ${cx + fw} ${top + 38} ${cx + fw} ${top + 92}
    C ${cx + fw} ${top + 140} ${cx + jaw + 10} ${chin - 28} ${cx + jaw * 0.45} ${chin - 6}
    Q ${cx} ${chin + 6} ${cx - jaw * 0.45} ${chin - 6}
    C ${cx - jaw - 10} ${chin - 28} ${cx - fw} ${top + 140} ${cx - fw} ${top + 92}
    C ${cx - fw} ${top + 38} ${cx - fw * 0.72} ${top} ${cx} ${top} Z`;
}
