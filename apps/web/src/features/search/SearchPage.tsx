import { type SearchFilters as Filters, filtersToSearch } from '@amora/contracts/search';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { AutoLike } from '../../entities/likes/AutoLike.tsx';
import { EnrichProfileAlert } from '../../entities/member/EnrichProfileAlert.tsx';
import { useOwnProfile } from '../../entities/member/queries.ts';
import { useKeptPhotoUpload } from '../../entities/signup/useKeptPhotoUpload.ts';
import { DiscoverLinks } from '../../ui/DiscoverLinks.tsx';
import { SearchFilters } from './SearchFilters.tsx';
import { SearchGate } from './SearchGate.tsx';
import { SearchResults } from './SearchResults.tsx';
import { useClearSearch } from './useClearSearch.ts';
import { useScrollMemory } from './useScrollMemory.ts';
import { useSearchAllowed } from './useSearchAllowed.ts';
import { useSearchFilters } from './useSearchFilters.ts';
import { useSearchResults } from './useSearchResults.ts';
import './search.css';

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
  const navigate = useNavigate();
  const allowed = useSearchAllowed();
  const own = useOwnProfile(!!user);
  const { urlFilters, filters, qs } = useSearchFilters(own);
  const results = useSearchResults(filters, qs, allowed);
  const gated =
    !allowed || (results.error instanceof ApiError && results.error.authenticationRequired && !user);
  useScrollMemory(!!results.data);
  // A login here after a signup in this browser: the signup's photo goes up (signup-photo.ts).
  useKeptPhotoUpload();
  const { clear, clearing, resets } = useClearSearch();
  const apply = (f: Filters) => void navigate(`/members?${filtersToSearch(f)}`);

  return (
    <div className="search-page container">
      <Head
        title={t('meta.searchTitle', { siteName: settings.name })}
        description={t('meta.searchDescription', { siteName: settings.name })}
        noindex={!settings.index_member_pages}
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
          <SearchResults results={results} filtered={!!urlFilters} clearing={clearing} onClear={clear} />
        </div>
      )}
    </div>
  );
}
