import fs from 'node:fs';
import path from 'node:path';
import { BREAKPOINTS } from '@amora/contracts/rules';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');
const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const files = walk(src);
const sheets = files.filter((f) => f.endsWith('.css'));
const rel = (f: string) => path.relative(src, f);
/** A sheet without its comments. */
const css = (f: string) => fs.readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

// The CSS named colours (CSS Color 4), `transparent` and `currentColor` aside.
const NAMED =
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod
darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon
darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey
dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey
honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral
lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue
lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine
mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise
mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered
orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple
rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue
slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow
yellowgreen`.split(/\s+/);
const COLOUR = new RegExp(
  String.raw`#[0-9a-f]{3,8}\b|%23[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|:[^;{}]*?(?<![\w-])(?:${NAMED.join('|')})(?![\w-])`,
  'gi',
);

describe('stylesheets', () => {
  it('write colours only in tokens.css: every other sheet uses the tokens', () => {
    const found = sheets
      .filter((f) => rel(f) !== path.join('styles', 'tokens.css'))
      .flatMap((f) =>
        css(f)
          .split('\n')
          .flatMap((line, i) => (line.match(COLOUR) ? [`${rel(f)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });

  it('break only at the spec §9 widths (BREAKPOINTS)', () => {
    const allowed = new Set(
      Object.values(BREAKPOINTS).flatMap((px) => [`min-width: ${px}px`, `max-width: ${px - 1}px`]),
    );
    const queries = sheets.flatMap((f) =>
      [...css(f).matchAll(/@media([^{]+)\{/g)].flatMap((m) =>
        [...m[1]!.matchAll(/\((?:min|max)-width:[^)]*\)/g)].map((q) => ({
          sheet: rel(f),
          q: q[0].slice(1, -1),
        })),
      ),
    );
    expect(queries.length).toBeGreaterThan(20);
    expect(queries.filter(({ q }) => !allowed.has(q))).toEqual([]);
  });

  it('are each imported by a module (a sheet nobody imports styles nothing)', () => {
    const modules = files.filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
    const imported = new Set(
      modules.flatMap((m) =>
        [...fs.readFileSync(m, 'utf8').matchAll(/^import '(\.[^']+\.css)';$/gm)].map((i) =>
          path.resolve(path.dirname(m), i[1]!),
        ),
      ),
    );
    expect(sheets.filter((s) => !imported.has(s)).map(rel)).toEqual([]);
  });
});
