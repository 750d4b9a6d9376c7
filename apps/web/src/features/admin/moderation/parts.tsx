import type { UseQueryResult } from '@tanstack/react-query';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import { QueryError } from '../../../ui/QueryError.tsx';

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
