import type { SearchCard, SearchResult } from '@amora/contracts';
import { loggedOutSearchVisible } from '@amora/contracts/rules';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useFormat } from '../../app/i18n.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { MemberTile, TilePlaceholders } from '../../ui/MemberTile.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { hasTrafficSource, readTracking } from '../accounts/tracking.ts';
import { DiscoverLinks } from '../discover/DiscoverLinks.tsx';
import { AutoLike } from '../likes/AutoLike.tsx';
import { EnrichProfileAlert } from '../profiles/EnrichProfileAlert.tsx';
import { useLoginHref } from '../profiles/LoginPrompt.tsx';
import { useOwnProfile } from '../profiles/queries.ts';
import { SignupLink } from '../signup/SignupModal.tsx';
import { searchKey, searchMembers } from './api.ts';
import {
  defaultFilters,
  type SearchFilters as Filters,
  filtersFromSearch,
  filtersToSearch,
} from './filters.ts';
import { SearchFilters } from './SearchFilters.tsx';

/** Scroll positions of search pages by history entry: coming back from a profile lands where the member was. */
const scrollPositions = new Map<string, number>();

function useScrollMemory(ready: boolean) {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const restored = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!ready || restored.current === key) return;
    restored.current = key;
    const y = scrollPositions.get(key);
    if (navigationType === 'POP' && y !== undefined) window.scrollTo({ top: y, behavior: 'instant' });
  }, [ready, key, navigationType]);
  useEffect(() => {
    const save = () => scrollPositions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key]);
}

/** Visitors with a stored traffic source may search when the traffic-source setting allows it (read after mounting). */
function useTrafficSource(): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => setHas(hasTrafficSource(readTracking())), []);
  return has;
}

function CardGrid({ members, label }: { members: SearchCard[]; label: string }) {
  return (
    <ul className="member-grid member-grid--list search-grid" aria-label={label}>
      {members.map((m) => (
        <li key={m.id}>
          <MemberTile m={m} />
        </li>
      ))}
    </ul>
  );
}

/** For visitors when the site keeps its members for members: a way in instead of results. */
function SearchGate() {
  const { t } = useTranslation();
  const settings = useSettings();
  const loginHref = useLoginHref();
  return (
    <div className="card search-gate">
      <h2>{t('search.gateTitle')}</h2>
      <p className="muted">{t('search.gateText', { siteName: settings.name })}</p>
      <div className="search-gate__actions">
        <SignupLink size="lg">{t('nav.signup')}</SignupLink>
        <ButtonLink to={loginHref} size="lg" variant="secondary">
          {t('nav.login')}
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * /members: the search (spec §2), also the members' home after login. Filters live in the URL
 * (shareable, server-renderable); without any, a member starts from their own profile and a
 * visitor from the site's niche. Pages are kept in the query cache per filter set, so a trip to a
 * profile and back shows the same pages at the same scroll position.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const fmt = useFormat();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const trafficSource = useTrafficSource();
  const own = useOwnProfile(!!user);

  const urlFilters = useMemo(() => filtersFromSearch(params), [params]);
  const filters: Filters | null = useMemo(() => {
    if (urlFilters) return urlFilters;
    if (!user) return defaultFilters(settings, null);
    if (own.data) return defaultFilters(settings, own.data);
    return own.isError ? defaultFilters(settings, null) : null;
  }, [urlFilters, user, settings, own.data, own.isError]);
  const qs = filters ? filtersToSearch(filters) : '';

  const allowed = !!user || loggedOutSearchVisible(settings, false, trafficSource);
  const results = useInfiniteQuery<
    SearchResult,
    Error,
    InfiniteData<SearchResult, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: [...searchKey(qs), user?.id ?? 'visitor'],
    queryFn: ({ pageParam, signal }) => searchMembers(filters!, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: !!filters && allowed,
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });
  const gated =
    !allowed || (results.error instanceof ApiError && results.error.authenticationRequired && !user);

  const pages = results.data?.pages ?? [];
  const members = pages.flatMap((p) => p.members);
  const first = pages[0];
  useScrollMemory(!!results.data);

  // After "Show more", focus moves to the first new card (keyboard and screen-reader users keep their place).
  const listRef = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || members.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('.member-tile')[from]?.focus();
  }, [members.length]);

  const [clearing, setClearing] = useState(false);
  // Clearing also resets a filter panel that was changed but not applied.
  const [resets, setResets] = useState(0);
  const apply = (f: Filters) => void navigate(`/members?${filtersToSearch(f)}`);
  const clear = async () => {
    setClearing(true);
    setResets((n) => n + 1);
    await navigate('/members');
    // Spec §4: stored pages are clearable. Every search starts again from its first page.
    await client.resetQueries({ queryKey: ['search'] });
    setClearing(false);
  };

  const total = first
    ? first.total_capped
      ? t('search.totalCapped', { formatted: fmt.number(10_000) })
      : t('search.total', { count: first.total, formatted: fmt.number(first.total) })
    : '';

  return (
    <div className="search-page container">
      <Head
        title={t('meta.searchTitle', { siteName: settings.name })}
        description={settings.description || undefined}
      />
      <header className="search-page__head">
        <h1>{t('search.title')}</h1>
        <p className="muted">{t('search.lead', { siteName: settings.name })}</p>
      </header>
      {user ? <DiscoverLinks /> : null}
      {own.data ? <EnrichProfileAlert profile={own.data} /> : null}
      {user ? <AutoLike /> : null}
      {gated ? (
        <SearchGate />
      ) : (
        <div className="search-layout">
          <div className="search-layout__filters">
            {filters ? (
              <SearchFilters
                key={`${qs}|${resets}`}
                value={filters}
                onApply={apply}
                onClear={clear}
                clearing={clearing}
              />
            ) : (
              <div className="card search-filters search-filters--placeholder" aria-hidden="true" />
            )}
          </div>
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
                    <CardGrid members={members} label={t('search.results')} />
                  </div>
                ) : (
                  <div className="card search-empty">
                    <h3>{t('search.emptyTitle')}</h3>
                    <p className="muted">{t('search.emptyText')}</p>
                    {urlFilters ? (
                      <Button variant="secondary" busy={clearing} onClick={clear}>
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
                        total: first.total_capped ? `${fmt.number(10_000)}+` : fmt.number(first.total),
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
        </div>
      )}
    </div>
  );
}
