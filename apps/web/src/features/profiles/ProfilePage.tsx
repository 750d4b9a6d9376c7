import type { OwnProfile } from '@amora/contracts';
import { Link } from 'react-router';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { missingText } from '../../entities/member/completeness.ts';
import { useOwnProfile } from '../../entities/member/queries.ts';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { InvisibleSwitch } from './InvisibleSwitch.tsx';
import { PhotoManager } from './PhotoManager.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import '../../ui/member-tile.css';
import './profile-page.css';

/** How complete the profile is, and what would complete it (the enrich-profile list). */
function Completeness({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const done = profile.completeness >= 100 || profile.missing.length === 0;
  return (
    <TitledSection
      id="completeness-title"
      className="card profile-completeness"
      titleClassName="profile-completeness__title"
      title={t('profileEdit.completenessLabel')}
      headClassName="head-row profile-completeness__row"
      aside={
        <span className="profile-completeness__value" aria-hidden="true">
          {profile.completeness}%
        </span>
      }
    >
      <meter
        className="completeness-meter"
        min={0}
        max={100}
        low={50}
        high={80}
        optimum={100}
        value={profile.completeness}
        aria-labelledby="completeness-title"
      >
        {profile.completeness}%
      </meter>
      <p className="profile-completeness__text">
        {done
          ? t('profileEdit.completeDone')
          : `${t('profileEdit.enrich.text')} ${t('profileEdit.enrich.missing', { list: missingText(t, profile.missing) })}`}
      </p>
    </TitledSection>
  );
}

/** /profile: the member's own profile editor (spec §2): photos, fields, location, invisibility. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const own = useOwnProfile(!!user);
  const profile = own.data;
  return (
    <div className="profile-page container">
      <Head title={t('meta.profileTitle', { siteName: settings.name })} noindex />
      <header className="head-row head-row--end profile-page__head">
        <div>
          <h1>{t('profileEdit.title')}</h1>
          <p className="muted">{t('profileEdit.lead')}</p>
        </div>
        {profile ? (
          <Link to={`/members/${profile.id}`} className="btn btn--secondary btn--sm">
            {t('profileEdit.viewAsOthers')}
          </Link>
        ) : null}
      </header>
      {own.isError ? (
        <QueryError query={own} />
      ) : !profile ? (
        <div className="profile-page__sections" aria-busy="true">
          <LoadingStatus />
          <div className="card profile-placeholder member-tile--placeholder" />
          <div className="card profile-placeholder profile-placeholder--tall member-tile--placeholder" />
        </div>
      ) : (
        <div className="profile-page__sections">
          <Completeness profile={profile} />
          <PhotoManager profile={profile} paid={!!user?.paid_user} />
          <ProfileForm profile={profile} />
          <InvisibleSwitch profile={profile} />
        </div>
      )}
    </div>
  );
}
