import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/translation.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';

/**
 * The head of a console list in the sites style (sites.css: the sites and the fictional
 * profiles): the page's title (`id` names the section) and the button to a new item.
 */
export function ListHead({
  id,
  title,
  add,
}: {
  id: string;
  title: string;
  add: { to: string; label: string };
}) {
  return (
    <div className="head-row head-row--center">
      <h1 id={id}>{title}</h1>
      <ButtonLink to={add.to} size="sm">
        {add.label}
      </ButtonLink>
    </div>
  );
}

/**
 * A console list page in the sites style: the head (ListHead), what stands under it (`below`,
 * e.g. the area's tabs), then the query's items as rows (`children` renders one `li`), its
 * failure with a retry, or the loading line.
 */
export function ListPage<D, T>({
  id,
  title,
  add,
  below,
  query,
  items,
  children,
}: {
  id: string;
  title: string;
  add: { to: string; label: string };
  below?: ReactNode;
  query: { data: D | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  items: (data: D) => T[];
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="adm-sites" aria-labelledby={id}>
      <ListHead id={id} title={title} add={add} />
      {below}
      {query.isError ? (
        <QueryError query={query} />
      ) : !query.data ? (
        <p>{t('admin.core.loading')}</p>
      ) : (
        <ul className="adm-sites__list" aria-label={title}>
          {items(query.data).map(children)}
        </ul>
      )}
    </section>
  );
}
