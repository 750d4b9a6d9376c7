import { useState } from 'react';

/** A random v4 UUID: crypto.randomUUID where the browser has it (secure contexts), else from getRandomValues. */
export function newAttemptId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One checkout attempt's id: the same while the package and method stay the same (a double click
 * or a retry after an error is one order), a new one for another choice or after coming back.
 */
export function useAttemptId() {
  const [attempt] = useState(() => {
    let current: { key: string; id: string } | null = null;
    return {
      idFor(key: string): string {
        if (current?.key !== key) current = { key, id: newAttemptId() };
        return current.id;
      },
      forget() {
        current = null;
      },
    };
  });
  return attempt;
}
