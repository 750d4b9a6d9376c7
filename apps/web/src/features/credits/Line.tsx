import type { ReactNode } from 'react';

/** A row of a description list (order details, a checkout summary): the term, then what it is. */
export function Line({
  term,
  className,
  children,
}: {
  term: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
