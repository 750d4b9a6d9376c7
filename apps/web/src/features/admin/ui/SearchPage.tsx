import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pager } from './Pager.tsx';
import { Results } from './Results.tsx';
import { SearchForm, useSearchPage } from './SearchForm.tsx';

/**
 * A console search's list: the term and page from the address (`useSearchPage`), the page's
 * results from `search` under `key`, the last page kept on screen while the next one loads.
 */
export function useSearchList<T>(
  key: readonly unknown[],
  search: (q: string, page: number, signal: AbortSignal) => Promise<T>,
) {
  const { q, page, go } = useSearchPage();
  const list = useQuery({
    queryKey: [...key, q, page],
    queryFn: ({ signal }) => search(q, page, signal),
    placeholderData: keepPreviousData,
  });
  return { q, page, go, list };
}

/**
 * A console search page (members, orders): its title, the search form, then the results
 * (`children` lists a page of them) and the pager, or "loading", the error or `empty`.
 */
export function SearchPage<T extends { has_more: boolean; total: number }>({
  className,
  titleId,
  title,
  field,
  search: { q, page, go, list },
  isEmpty,
  empty,
  children,
}: {
  className: string;
  titleId: string;
  title: string;
  field: { label: string; hint: string };
  search: ReturnType<typeof useSearchList<T>>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <SearchForm label={field.label} hint={field.hint} initial={q} onSearch={(nq) => go(nq, 1)} />
      <Results query={list} isEmpty={isEmpty} empty={empty}>
        {(data) => (
          <>
            {children(data)}
            <Pager page={page} of={data} onPage={(np) => go(q, np)} />
          </>
        )}
      </Results>
    </section>
  );
}
