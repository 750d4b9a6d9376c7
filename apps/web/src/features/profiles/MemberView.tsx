import type { MemberProfile } from '@amora/contracts';
import { useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { placeLine, useCountryName } from '../../entities/member/places.ts';
import { FictionalWarning } from '../../ui/FictionalWarning.tsx';
import { PinIcon } from '../../ui/icons.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { BackToSearch } from './BackToSearch.tsx';
import { MemberActions } from './MemberActions.tsx';
import { MemberGallery } from './MemberGallery.tsx';

/** Where each visible field's values are labelled in the catalog. */
const VALUE_LABELS: Record<string, string> = {
  gender: 'profile.gender',
  seeking: 'profile.seeking',
  sexuality: 'member.sexuality',
  hair_color: 'profile.hair_color',
  eye_color: 'profile.eye_color',
  body_type: 'profile.body_type',
  relationship_status: 'profile.relationship_status',
  signup_reason: 'profile.signup_reason',
};

function FieldValue({ field, value }: { field: string; value: string | boolean }) {
  const { t } = useTranslation();
  if (typeof value === 'boolean') return <>{value ? t('common.yes') : t('common.no')}</>;
  const prefix = VALUE_LABELS[field];
  return <>{prefix ? t(`${prefix}.${value}`, { defaultValue: value }) : value}</>;
}

/** A loaded member's profile: photos, who and where they are, what one can do, about, interests, details. */
export function MemberView({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const countryName = useCountryName();
  const [status, setStatus] = useState('');
  const fields = (
    settings.visible_profile_fields.length ? settings.visible_profile_fields : Object.keys(member.fields)
  )
    .map((key) => [key, member.fields[key]] as const)
    .filter(
      (entry): entry is readonly [string, string | boolean] =>
        entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
    );
  const place = placeLine([member.city, member.region, countryName(member.country)]);
  return (
    <div className="member-page container">
      <Head
        title={t('meta.memberTitle', { name: member.name, age: member.age, siteName: settings.name })}
        noindex={!settings.index_member_pages}
      />
      <BackToSearch />
      <div className="member-layout">
        <MemberGallery key={member.id} member={member} />
        <div className="member-info">
          <header className="member-info__head">
            <h1 className="member-info__name">
              {member.name}
              <span className="member-info__age">, {member.age}</span>
            </h1>
            {place ? (
              <p className="member-info__place">
                <PinIcon size={18} />
                {place}
              </p>
            ) : null}
            <p className="member-info__activity">
              <span className={`activity-dot activity-dot--${member.activity}`} aria-hidden="true" />
              {t(`member.activity.${member.activity}`)}
            </p>
            {member.fictional ? <FictionalWarning /> : null}
          </header>
          {member.blocked_by_me ? (
            <p className="form-alert form-alert--info">{t('member.blockedNote')}</p>
          ) : null}
          <MemberActions member={member} onStatus={setStatus} />
          <p className="member-status" role="status">
            {status}
          </p>
          <TitledSection id="member-about" className="member-section" title={t('profile.about')}>
            <p className="member-about">{member.about || t('member.noAbout', { name: member.name })}</p>
          </TitledSection>
          {member.interests.length ? (
            <TitledSection id="member-interests" className="member-section" title={t('profile.interests')}>
              <ul className="tag-list">
                {member.interests.map((k) => (
                  <li key={k} className="tag">
                    {t(`interests.${k}`, { defaultValue: k })}
                  </li>
                ))}
              </ul>
            </TitledSection>
          ) : null}
          {fields.length ? (
            <TitledSection id="member-details" className="member-section" title={t('member.details')}>
              <dl className="member-fields">
                {fields.map(([key, value]) => (
                  <div key={key} className="member-fields__row">
                    <dt>{t(`member.fields.${key}`, { defaultValue: key })}</dt>
                    <dd>
                      <FieldValue field={key} value={value} />
                    </dd>
                  </div>
                ))}
              </dl>
            </TitledSection>
          ) : null}
        </div>
      </div>
    </div>
  );
}
