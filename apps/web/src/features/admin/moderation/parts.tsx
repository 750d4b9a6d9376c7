import { CONSOLE_QUEUE_PAGE } from '@amora/contracts';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import { QueryError } from '../../../ui/QueryError.tsx';
import { Pager } from '../ui/Pager.tsx';

/**
 * A moderation queue a page at a time: the page from the address (?page=), the page's data under
 * `key` (the last page kept on screen while the next loads), and the pager below it.
 */
export function useQueuePage<T extends { page: number; has_more: boolean; total: number }>(
  key: readonly unknown[],
  load: (page: number, signal: AbortSignal) => Promise<T>,
) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({
    queryKey: [...key, page],
    queryFn: ({ signal }) => load(page, signal),
    placeholderData: keepPreviousData,
  });
  const pager =
    query.data && (query.data.total > 0 || page > 1) ? (
      <Pager
        page={page}
        of={query.data}
        size={CONSOLE_QUEUE_PAGE}
        onPage={(np) => setParams(np > 1 ? { page: String(np) } : {})}
      />
    ) : null;
  return { query, pager };
}

/** A moderation page's title: the document's (not indexed) and its heading. */
export function PageTitle({ title }: { title: string }) {
  return (
    <>
      <Head title={title} noindex />
      <h1 className="admin-page__title">{title}</h1>
    </>
  );
}

/**
 * A moderation queue's states above its items: the query's error, "loading", and `empty` once
 * the data came and `isEmpty` says so.
 */
export function QueueStates<T>({
  query,
  isEmpty,
  empty,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {query.isError ? <QueryError query={query} className="card admin-card" /> : null}
      {query.isPending ? <p className="admin-muted">{t('common.loading')}</p> : null}
      {query.data && isEmpty?.(query.data) ? <p className="admin-muted">{empty}</p> : null}
    </>
  );
}

/** A category select's options: "choose" (none yet), then the categories given. */
export function CategoryOptions({ categories }: { categories: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{t('admin.moderation.decide.choose')}</option>
      {categories.map((c) => (
        <option key={c} value={c}>
          {t(`moderation.categories.${c}`)}
        </option>
      ))}
    </>
  );
}

/** How many restrictions of this member are in force (a repeat offender), when any. */
export function Repeat({ n }: { n: number }) {
  const { t } = useTranslation();
  return n > 0 ? (
    <span className="admin-chip mod-repeat">{t('admin.moderation.upheld', { count: n })}</span>
  ) : null;
}
