import { type ScamKind, scanMessage } from './scam.ts';

/** One message of the labelled set (apps/server/test/fixtures/scam-labelled.json). */
export interface LabelledMessage {
  lang: string;
  text: string;
  scam: boolean;
  kind: ScamKind | 'ordinary';
  position: number;
}

export interface Figures {
  scams: number;
  caught: number;
  ordinary: number;
  falseWarnings: number;
  recall: number;
  falseRate: number;
}

const HOSTS = ['amora.example', 'amora.test'];

function figures(rows: LabelledMessage[]): Figures & { misses: LabelledMessage[]; wrong: LabelledMessage[] } {
  const misses: LabelledMessage[] = [];
  const wrong: LabelledMessage[] = [];
  for (const m of rows) {
    const hit = scanMessage(m.text, { position: m.position, ownHosts: HOSTS });
    if (m.scam && !hit) misses.push(m);
    if (!m.scam && hit) wrong.push(m);
  }
  const scams = rows.filter((m) => m.scam).length;
  const ordinary = rows.length - scams;
  return {
    scams,
    caught: scams - misses.length,
    ordinary,
    falseWarnings: wrong.length,
    recall: scams ? (scams - misses.length) / scams : 1,
    falseRate: ordinary ? wrong.length / ordinary : 0,
    misses,
    wrong,
  };
}

/**
 * Recall on the scam half and false warnings on the ordinary half, per language and in all, for
 * the whole set and its two halves: the rules were written without the set, then tuned on the
 * messages at even positions only ("tuning"); those at odd positions ("held out") were never
 * looked at while tuning, so their figures are the honest ones.
 */
export function evaluate(set: LabelledMessage[]) {
  const langs = [...new Set(set.map((m) => m.lang))].sort();
  const split = {
    all: set,
    tuning: set.filter((_, i) => i % 2 === 0),
    heldOut: set.filter((_, i) => i % 2 === 1),
  };
  return Object.fromEntries(
    Object.entries(split).map(([name, rows]) => [
      name,
      {
        total: figures(rows),
        byLang: Object.fromEntries(langs.map((l) => [l, figures(rows.filter((m) => m.lang === l))])),
      },
    ]),
  ) as Record<
    keyof typeof split,
    { total: ReturnType<typeof figures>; byLang: Record<string, ReturnType<typeof figures>> }
  >;
}
