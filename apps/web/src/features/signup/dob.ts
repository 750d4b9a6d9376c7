import { MAX_AGE, MIN_AGE } from '@amora/contracts/rules';

/** The date of birth as three selects (day, month, year); values are strings, '' when not chosen. */
export interface DobParts {
  day: string;
  month: string;
  year: string;
}

const pad = (n: string | number, width: number) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' once all three are chosen, else ''. Impossible dates are left to the schema to refuse. */
export function dobToIso({ day, month, year }: DobParts): string {
  if (!day || !month || !year) return '';
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

export function isoToDob(iso: string): DobParts {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return { day: '', month: '', year: '' };
  return { year: String(Number(m[1])), month: String(Number(m[2])), day: String(Number(m[3])) };
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1-12); February has 29 while the year is unknown. */
export function daysInMonth(month: string | number, year?: string | number): number {
  const m = Number(month);
  if (!m) return 31;
  if (m === 2) return year && !isLeap(Number(year)) ? 28 : 29;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/**
 * Applies one select's change; a day the new month or year does not have is cleared rather than
 * silently moved (31 April becomes "choose a day", not 1 May).
 */
export function updateDob(parts: DobParts, change: Partial<DobParts>): DobParts {
  const next = { ...parts, ...change };
  if (next.day && Number(next.day) > daysInMonth(next.month, next.year)) next.day = '';
  return next;
}

/** Years a member old enough may be born in, newest first (from MIN_AGE to MAX_AGE years ago). */
export function birthYears(now = new Date(), minAge = MIN_AGE, maxAge = MAX_AGE): number[] {
  const newest = now.getUTCFullYear() - minAge;
  const oldest = now.getUTCFullYear() - maxAge - 1;
  const out: number[] = [];
  for (let y = newest; y >= oldest; y--) out.push(y);
  return out;
}
