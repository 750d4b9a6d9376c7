import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSettings } from '../../../api/queries.ts';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import { signupMatches } from '../../../entities/session/api.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { MemberTile, TilePlaceholders } from '../../../ui/MemberTile.tsx';
import { readSignupResult, type SignupResult } from '../request.ts';
import '../signup-matches.css';

/** /signup-matches: members who fit the profile just created (gender, seeking and age from this tab). */
export default function SignupMatchesPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [profile, setProfile] = useState<SignupResult | null | undefined>(undefined);
  useEffect(() => setProfile(readSignupResult()), []);
  const query = useQuery({
    queryKey: ['signup-matches', profile?.gender, profile?.seeking, profile?.age],
    queryFn: () => signupMatches({ gender: profile!.gender, seeking: profile!.seeking, age: profile!.age }),
    enabled: !!profile,
    staleTime: 5 * 60_000,
  });
  const members = query.data?.members ?? [];
  return (
    <section className="section container matches-page">
      <Head title={t('meta.signupMatchesTitle', { siteName: settings.name })} noindex />
      <div className="matches-page__head">
        <p className="eyebrow">{t('matches.eyebrow')}</p>
        <h1>{t('matches.title')}</h1>
        <p className="muted">{t('matches.lead')}</p>
      </div>
      {profile === null ? (
        <div className="card matches-page__empty">
          <p>{t('matches.noProfile')}</p>
          <ButtonLink to="/members">{t('matches.browse')}</ButtonLink>
        </div>
      ) : query.isError ? (
        <div className="card matches-page__empty" role="alert">
          <p>{t('errors.generic')}</p>
          <ButtonLink to="/members" variant="secondary">
            {t('matches.browse')}
          </ButtonLink>
        </div>
      ) : !query.data ? (
        <TilePlaceholders count={8} />
      ) : members.length === 0 ? (
        <div className="card matches-page__empty">
          <p>{t('matches.none')}</p>
          <ButtonLink to="/members">{t('matches.browse')}</ButtonLink>
        </div>
      ) : (
        <>
          <p className="matches-page__count">{t('matches.count', { count: query.data.total })}</p>
          <ul className="member-grid member-grid--list">
            {members.map((m) => (
              <li key={m.id}>
                <MemberTile m={m} />
              </li>
            ))}
          </ul>
          <div className="matches-page__more">
            <p className="muted">{t('matches.confirmFirst')}</p>
            <ButtonLink to="/members" variant="secondary">
              {t('matches.browse')}
            </ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}
