import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone: it scrolls sideways in a region of its own (a labelled
 * section) that the keyboard can reach and scroll (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
    <section className="admin-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
