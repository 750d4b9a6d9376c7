import type { ScamKind } from '@amora/contracts';
import rulesFile from './scam-rules.json' with { type: 'json' };

/**
 * Scam warnings (issue 30): a pure check of one chat message against the rules in
 * scam-rules.json. It never blocks anything: a match puts a calm warning under the message on the
 * recipient's side and the conversation in the moderation queue with the rule's id. The rules are
 * data; their recall and false-warning rate on the labelled set are measured by
 * scam.test.ts and bench/scam.mjs (docs/benchmarks.md).
 */

export type { ScamKind };

export interface ScamMatch {
  rule: string;
  kind: ScamKind;
  /** The rule holds only for a sender's first `early` messages in a conversation (else null). */
  early: number | null;
}

export interface ScanContext {
  /** The message's 1-based index among those its sender has written in the conversation. */
  position: number;
  /** The hosts of the site (and its fixed asset hosts): links to them are not warned about. */
  ownHosts?: readonly string[];
}

interface RuleData {
  id: string;
  kind: ScamKind;
  early?: number;
  patterns: Record<string, string[]>;
  with?: Record<string, string[]>;
}

interface Rule {
  id: string;
  kind: ScamKind;
  early: number;
  /** All languages' patterns of the rule as one alternation (one pass over the message). */
  patterns: RegExp;
  with: RegExp | null;
}

const compile = (byLang: Record<string, string[]>) =>
  new RegExp(
    Object.values(byLang)
      .flat()
      .map((p) => `(?:${p})`)
      .join('|'),
    'g',
  );

const RULES: Rule[] = (rulesFile.rules as RuleData[]).map((r) => ({
  id: r.id,
  kind: r.kind,
  early: r.early ?? Number.POSITIVE_INFINITY,
  patterns: compile(r.patterns),
  with: r.with ? compile(r.with) : null,
}));

/** The rule ids, for the console's filter and the rules' tests. */
export const SCAM_RULE_IDS: readonly string[] = RULES.map((r) => r.id);
/** Each rule's kind of warning. */
export const SCAM_RULE_KINDS: ReadonlyMap<string, ScamKind> = new Map(RULES.map((r) => [r.id, r.kind]));

const DATE = /\b\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})\b/g;
const TIME = /\b\d{1,2}[:.h]\d{2}\b/g;

/** Lower case, accents off (ł and ß too), dates and times out, whitespace collapsed. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘`´]/g, "'")
    .replace(DATE, ' ')
    .replace(TIME, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function hostOf(link: string): string {
  const bare = link.replace(/^https?:\/\//, '').replace(/^www\./, '');
  return bare.split(/[/?#:\s]/)[0]!.replace(/[.,;!?)]+$/, '');
}

const test = (re: RegExp, s: string) => {
  re.lastIndex = 0;
  return re.test(s);
};

function linkOutside(rule: Rule, text: string, ownHosts: readonly string[]): boolean {
  for (const m of text.matchAll(rule.patterns)) {
    if (text[m.index - 1] === '@') continue; // an e-mail address: the contact rules judge it
    const host = hostOf(m[0]);
    if (!ownHosts.some((own) => host === own || host.endsWith(`.${own}`))) return true;
  }
  return false;
}

/** The first rule a message matches, or null. */
export function scanMessage(text: string, ctx: ScanContext): ScamMatch | null {
  const s = normalise(text);
  if (!s) return null;
  const ownHosts = (ctx.ownHosts ?? []).map((h) => h.toLowerCase().replace(/^www\./, ''));
  for (const rule of RULES) {
    if (ctx.position > rule.early) continue;
    const hit = rule.kind === 'link' ? linkOutside(rule, s, ownHosts) : test(rule.patterns, s);
    if (!hit) continue;
    if (rule.with && !test(rule.with, s)) continue;
    return { rule: rule.id, kind: rule.kind, early: Number.isFinite(rule.early) ? rule.early : null };
  }
  return null;
}
