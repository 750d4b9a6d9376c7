import type { SearchCard, SearchResult } from '@amora/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useFormat } from '../../app/i18n.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { MemberTile, TilePlaceholders } from '../../ui/MemberTile.tsx';
import { SIZES } from '../../ui/photo.ts';
import { QueryError } from '../../ui/QueryError.tsx';

/** `top`: the grid opens the page (its first row loads at once). */
function CardGrid({ members, label, top = false }: { members: SearchCard[]; label: string; top?: boolean }) {
  return (
    <ul className="member-grid member-grid--list search-grid" aria-label={label}>
      {members.map((m, i) => (
        <li key={m.id}>
          {/* The first row is in the first screen, its first card the page's largest image. */}
          <MemberTile
            m={m}
            load={!top || i >= 4 ? 'lazy' : i === 0 ? 'high' : 'eager'}
            sizes={SIZES.search}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The search's results: the count, the member cards a page at a time ("Show more" moves focus to
 * the first new card), the way out of an empty result, and similar members besides.
 */
export function SearchResults({
  results,
  filtered,
  clearing,
  onClear,
}: {
  results: UseInfiniteQueryResult<InfiniteData<SearchResult, string | null>, Error>;
  /** The filters came from the URL: an empty result offers to clear them. */
  filtered: boolean;
  clearing: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const pages = results.data?.pages ?? [];
  const members = pages.flatMap((p) => p.members);
  const first = pages[0];

  // After "Show more", focus moves to the first new card (keyboard and screen-reader users keep their place).
  const listRef = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || members.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('.member-tile')[from]?.focus();
  }, [members.length]);

  const total = first
    ? first.total_capped
      ? t('search.totalCapped', { formatted: fmt.number(first.total) })
      : t('search.total', { count: first.total, formatted: fmt.number(first.total) })
    : '';

  return (
    <section className="search-layout__results" aria-labelledby="search-results-title">
      <h2 id="search-results-title" className="visually-hidden">
        {t('search.results')}
      </h2>
      <p className="search-count" role="status">
        {total}
      </p>
      {results.isError && !first ? (
        <QueryError query={results} />
      ) : !first ? (
        <TilePlaceholders count={12} className="search-grid" />
      ) : (
        <>
          {members.length ? (
            <div ref={listRef}>
              <CardGrid members={members} label={t('search.results')} top />
            </div>
          ) : (
            <div className="card search-empty">
              <h3>{t('search.emptyTitle')}</h3>
              <p className="muted">{t('search.emptyText')}</p>
              {filtered ? (
                <Button variant="secondary" busy={clearing} onClick={onClear}>
                  {t('search.clear')}
                </Button>
              ) : null}
            </div>
          )}
          {results.hasNextPage ? (
            <div className="search-more">
              <p className="muted">
                {t('search.showing', {
                  shown: fmt.number(members.length),
                  total: `${fmt.number(first.total)}${first.total_capped ? '+' : ''}`,
                })}
              </p>
              <Button
                variant="secondary"
                size="lg"
                busy={results.isFetchingNextPage}
                onClick={() => {
                  focusFrom.current = members.length;
                  void results.fetchNextPage();
                }}
              >
                {t('search.more')}
              </Button>
            </div>
          ) : members.length > 0 && pages.length > 1 ? (
            <p className="search-more muted">{t('search.end')}</p>
          ) : null}
          {results.isFetchNextPageError ? (
            <p className="field__error search-more" role="alert">
              {t('errors.generic')}
            </p>
          ) : null}
          {first.similar.length ? (
            <section className="search-similar" aria-labelledby="search-similar-title">
              <h2 id="search-similar-title">{t('search.similarTitle')}</h2>
              <p className="muted">
                {t('search.similarLead', {
                  count: first.similar_total,
                  formatted: fmt.number(first.similar_total),
                })}
              </p>
              <CardGrid members={first.similar} label={t('search.similarTitle')} />
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}
