import type { Transparency } from '@amora/contracts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Site } from '../../platform/sites.ts';
import { openAppealCount, openReportCount, transparencyRows } from './moderation.repo.ts';
import { photoQueueCount } from './photo-review.repo.ts';

/** Moderation's transparency figures (the DSA's reports): how many decisions, why, how fast, appeals. */

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);
function tally(xs: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}

/** What waits in the site's moderation queues, counted by SQL (the console's dashboard). */
export async function moderationCounts(db: Db, site: Site) {
  return {
    open_reports: await openReportCount(db, site.id),
    pending_photos: await photoQueueCount(db, site.id),
    open_appeals: await openAppealCount(db, site.id),
  };
}

/** The site's transparency figures for the days from..to (inclusive, UTC). */
export async function transparency(db: Db, site: Site, from: string, to: string): Promise<Transparency> {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) {
    throw new AppError('validation', 400, {}, { to: 'validation' });
  }
  const { decisions, appeals, reports, reportsDecided } = await transparencyRows(db, site.id, start, end);
  const hours = decisions.map((d) => Number(d.hours));
  const appealCount = (s: string) => appeals.find((a) => a.status === s)?.n ?? 0;
  return {
    site: site.domain,
    from,
    to,
    decisions: decisions.length,
    by_category: tally(decisions.map((d) => d.category ?? 'none')),
    by_action: tally(decisions.map((d) => d.action)),
    by_source: tally(decisions.map((d) => d.source)),
    automated: {
      yes: decisions.filter((d) => d.automated).length,
      no: decisions.filter((d) => !d.automated).length,
    },
    hours_to_decide: {
      median: round2(median(hours)),
      average: round2(hours.length ? hours.reduce((a, b) => a + b, 0) / hours.length : null),
    },
    appeals: {
      received: appeals.reduce((a, r) => a + r.n, 0),
      upheld: appealCount('upheld'),
      reversed: appealCount('reversed'),
      open: appealCount('open'),
    },
    reports_received: reports,
    reports_decided: {
      dismissed: reportsDecided.dismissed,
      resolved: reportsDecided.resolved,
      resolved_with_another: reportsDecided.with_another,
    },
  };
}

/** The same figures as CSV: one `metric,key,value` row each. */
export function transparencyCsv(t: Transparency): string {
  const rows: [string, string, string | number | null][] = [
    ['site', '', t.site],
    ['from', '', t.from],
    ['to', '', t.to],
    ['reports_received', '', t.reports_received],
    ['reports_decided', 'dismissed', t.reports_decided.dismissed],
    ['reports_decided', 'resolved', t.reports_decided.resolved],
    ['reports_decided', 'resolved_with_another', t.reports_decided.resolved_with_another],
    ['decisions', '', t.decisions],
    ...Object.entries(t.by_category).map(([k, v]) => ['by_category', k, v] as [string, string, number]),
    ...Object.entries(t.by_action).map(([k, v]) => ['by_action', k, v] as [string, string, number]),
    ...Object.entries(t.by_source).map(([k, v]) => ['by_source', k, v] as [string, string, number]),
    ['automated', 'yes', t.automated.yes],
    ['automated', 'no', t.automated.no],
    ['hours_to_decide', 'median', t.hours_to_decide.median],
    ['hours_to_decide', 'average', t.hours_to_decide.average],
    ['appeals', 'received', t.appeals.received],
    ['appeals', 'upheld', t.appeals.upheld],
    ['appeals', 'reversed', t.appeals.reversed],
    ['appeals', 'open', t.appeals.open],
  ];
  const cell = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `metric,key,value\n${rows.map((r) => r.map(cell).join(',')).join('\n')}\n`;
}
