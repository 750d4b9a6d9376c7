import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { QueryError } from '../../../ui/QueryError.tsx';

/** Whether a console detail page has nothing to show yet: no data, or the server said not found. */
export const detailMissing = (query: UseQueryResult<unknown>) =>
  !query.data || (query.error instanceof ApiError && query.error.status === 404);

/**
 * What a console detail page shows while `detailMissing`: not found (its title and the way back
 * to its list, in a section of `className`), else the query's error, else "loading".
 */
export function DetailMissing({
  query,
  className,
  notFound,
  back,
}: {
  query: UseQueryResult<unknown>;
  className: string;
  notFound: string;
  back: { to: string; label: string };
}) {
  const { t } = useTranslation();
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <section className={className}>
        <h1>{notFound}</h1>
        <Link to={back.to}>{back.label}</Link>
      </section>
    );
  }
  return query.isError ? <QueryError query={query} /> : <p className="adm-muted">{t('common.loading')}</p>;
}

/** A console detail page's head: the way back to its list, and its title (`id` names the page's section). */
export function DetailTitle({
  id,
  back,
  children,
}: {
  id: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <h1 id={id}>{children}</h1>
    </>
  );
}

/** A console card's facts: label and value pairs. */
export function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="adm-facts">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
