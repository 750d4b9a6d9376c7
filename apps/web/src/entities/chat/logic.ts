import type { Message } from '@amora/contracts';
import { SYSTEM_NOTES } from '@amora/contracts/rules';
import { badgeText } from '../../ui/Badge.tsx';

/**
 * Pure chat logic (types only from the contracts, so the navigation may use it): client ids,
 * merging optimistic and server messages, day grouping, the badge text.
 */

/** A message as the page keeps it: the server's, or one still on its way (optimistic) or failed. */
export interface LocalMessage extends Message {
  status?: 'sending' | 'failed';
  /** Why sending failed (the server's translated message), for a failed one. */
  error?: string;
}

/** One message as the socket announces it: no `mine` (each side works it out). */
export type SocketMessage = Omit<Message, 'mine'>;

/**
 * The words of a system message: its body is a code (contracts SYSTEM_NOTES) said in the viewer's
 * language; a code this app does not know yet says nothing rather than show the code.
 */
export function systemNoteText(
  m: Pick<Message, 'body'>,
  partnerName: string,
  t: (key: string, opts?: Record<string, unknown>) => string,
): string {
  return (SYSTEM_NOTES as readonly string[]).includes(m.body)
    ? t(`chat.system.${m.body}`, { name: partnerName })
    : '';
}

/** What the server accepts as a client id: 8-64 of [A-Za-z0-9_-]. */
export const CLIENT_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

/** A new client id for one message (a UUID without its dashes); a retry of that message reuses it. */
export function newClientId(random: () => string = () => crypto.randomUUID()): string {
  return random().replace(/-/g, '');
}

/** Marks a socket message as mine or the partner's. */
export function fromSocket(m: SocketMessage, userId: string): Message {
  return { ...m, mine: m.sender_id === userId };
}

const keyOf = (m: Pick<Message, 'sender_id' | 'client_id'>) => `${m.sender_id}:${m.client_id}`;
/** Messages not yet stored have no server id; they use a negative placeholder. */
export const isPending = (m: LocalMessage) => m.id <= 0;

/**
 * Merges server messages into the list: a server message replaces the optimistic one with the same
 * sender and client id (and any copy of itself); stored messages are ordered by id, the ones still
 * pending or failed follow in the order they were written.
 */
export function mergeMessages(
  current: readonly LocalMessage[],
  incoming: readonly Message[],
): LocalMessage[] {
  const byKey = new Map<string, LocalMessage>();
  for (const m of current) byKey.set(keyOf(m), m);
  for (const m of incoming) {
    const { status: _s, error: _e, ...clean } = m as LocalMessage;
    byKey.set(keyOf(m), clean);
  }
  const all = [...byKey.values()];
  const stored = all.filter((m) => !isPending(m)).sort((a, b) => a.id - b.id);
  const pending = all.filter(isPending).sort((a, b) => b.id - a.id);
  return [...stored, ...pending];
}

/** Adds or updates one local message (optimistic, failed) by its client id. */
export function upsertLocal(current: readonly LocalMessage[], local: LocalMessage): LocalMessage[] {
  const k = keyOf(local);
  const i = current.findIndex((m) => keyOf(m) === k);
  if (i >= 0 && !isPending(current[i]!)) return [...current]; // the server's copy already arrived
  return i >= 0 ? current.map((m, j) => (j === i ? local : m)) : [...current, local];
}

/** The newest stored id, for catching up (`after`). */
export function lastStoredId(messages: readonly LocalMessage[] | undefined): number {
  let last = 0;
  for (const m of messages ?? []) if (m.id > last) last = m.id;
  return last;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day of a time, as YYYY-MM-DD: in `timeZone` when given (the server, writing a
 * member's chat in their own zone), else in the runtime's own (the browser's: the member's).
 */
export function dayKey(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (timeZone) {
    let f = dayFormats.get(timeZone);
    if (!f) {
      // en-CA writes dates as YYYY-MM-DD.
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      dayFormats.set(timeZone, f);
    }
    return f.format(d);
  }
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** A day key (YYYY-MM-DD) as the instant that day starts in UTC, `days` earlier: a calendar day, whatever the zone. */
export function dayDate(day: string, days = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - days));
}

/** The day `days` calendar days before `day` (YYYY-MM-DD), whatever the time zone's clock changes. */
export function daysBefore(day: string, days: number): string {
  return dayDate(day, days).toISOString().slice(0, 10);
}

export interface DayGroup<M> {
  day: string;
  messages: M[];
}

/** Groups messages (already in order) by day (in `timeZone`, else the runtime's), for the day separators. */
export function groupByDay<M extends { created_at: string }>(
  messages: readonly M[],
  timeZone?: string,
): DayGroup<M>[] {
  const groups: DayGroup<M>[] = [];
  for (const m of messages) {
    const day = dayKey(m.created_at, timeZone);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.messages.push(m);
    else groups.push({ day, messages: [m] });
  }
  return groups;
}

/** 'today', 'yesterday' or null (show the date) for a day key, seen from `now` (in `timeZone`). */
export function relativeDay(day: string, now = new Date(), timeZone?: string): 'today' | 'yesterday' | null {
  const today = dayKey(now.toISOString(), timeZone);
  if (day === today) return 'today';
  return day === daysBefore(today, 1) ? 'yesterday' : null;
}

/** The Messages badge: the server's unread total, capped as 99+ (spec §2, §9); null hides it. */
export function unreadBadgeText(total: number | undefined): string | null {
  return total && total > 0 ? badgeText(total) : null;
}
