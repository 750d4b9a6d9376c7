import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/translation.ts';
import { QueryError } from '../../../ui/QueryError.tsx';

/**
 * A console list's states: its error (when there is nothing to show), "loading", `empty` when
 * `isEmpty` says so, else `children` with the data (kept while the next page loads).
 */
export function Results<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError && !query.data) return <QueryError query={query} />;
  if (!query.data) return <p className="adm-muted">{t('common.loading')}</p>;
  if (isEmpty(query.data)) return <p className="adm-empty">{empty}</p>;
  return <>{children(query.data)}</>;
}
