import { dayKey, daysBefore } from '../../entities/chat/logic.ts';

/**
 * How the chat list dates a conversation's last message, seen from `now` in the member's time zone:
 * the time today, 'yesterday', the weekday within the last 6 days, else the date.
 */
export type ListTime = { kind: 'time' | 'yesterday' | 'weekday' | 'date'; date: Date };

export function listTime(iso: string, now = new Date(), timeZone?: string): ListTime {
  const date = new Date(iso);
  const day = dayKey(iso, timeZone);
  const today = dayKey(now.toISOString(), timeZone);
  if (day === today) return { kind: 'time', date };
  const back = (days: number) => daysBefore(today, days);
  if (day === back(1)) return { kind: 'yesterday', date };
  for (let i = 2; i <= 6; i++) if (day === back(i)) return { kind: 'weekday', date };
  return { kind: 'date', date };
}
