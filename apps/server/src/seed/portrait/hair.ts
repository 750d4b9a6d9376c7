/** The demo portraits' hair: behind the head (long styles) and on top of it, per gender and style. */
import type { PortraitSpec } from '../demo/types.ts';
import { darken, lighten } from './palette.ts';
import { type Face, f1, P } from './svg.ts';

/** Hair drawn behind the head and shoulders (long styles). */
export function hairBack(spec: PortraitSpec, f: Face, color: string, r: () => number): string {
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
export function hairFront(
  spec: PortraitSpec,
  f: Face,
  color: string,
  r: () => number,
  receding: boolean,
): string {
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

/** Long hair falling over the shoulders in front (long straight and long wavy styles). */
export function hairOverShoulders(
  spec: PortraitSpec,
  f: Face,
  color: string,
  shoulderY: number,
  r: () => number,
) {
  const parts: string[] = [];
  if (spec.gender !== 'female' || (spec.hairStyle !== 0 && spec.hairStyle !== 1)) return parts;
  const { cx, fw, top } = f;
  for (const side of [-1, 1]) {
    const x0 = cx + side * (fw + 6);
    const x1 = cx + side * (fw - 14);
    const end = shoulderY + 70 + r() * 30;
    parts.push(
      `<path fill="${color}" d="${P`M ${x0 + side * 12} ${top + 120} C ${x0 + side * 18} ${top + 200} ${x0 + side * 22} ${end - 40} ${x0 + side * 18} ${end}
        Q ${x0 - side * 10} ${end + 14} ${x1 - side * 8} ${end - 20} C ${x1 - side * 2} ${end - 80} ${x1} ${top + 200} ${x1} ${top + 120} Z`}"/>`,
    );
  }
  return parts;
}
