import type { ReactNode } from 'react';

/**
 * A section named by its heading: the h2 carries `id` and the section is labelled by it. `aside`
 * (a count, a value) stands beside the heading in a head row (`headClassName`, by default
 * .head-row).
 */
export function TitledSection({
  id,
  title,
  className,
  titleClassName,
  aside,
  headClassName = 'head-row',
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  aside?: ReactNode;
  headClassName?: string;
  children?: ReactNode;
}) {
  const heading = (
    <h2 id={id} className={titleClassName}>
      {title}
    </h2>
  );
  return (
    <section className={className} aria-labelledby={id}>
      {aside === undefined ? (
        heading
      ) : (
        <div className={headClassName}>
          {heading}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}
