import {
  type AdminFictionalProfile,
  BODY_TYPES,
  EYE_COLORS,
  type FictionalProfileInput,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
} from '@amora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { fetchProfile, profileKey } from './api.ts';
import { ProfilePhotos } from './ProfilePhotos.tsx';
import { useProfileForm } from './useProfileForm.ts';

/** A profile's editor (`profiles/:id`, loaded first) or a new profile's (`profiles/new`). */
export function ProfileEditor() {
  const { t } = useTranslation();
  const id = useParams().id;
  const existing = useQuery({
    queryKey: profileKey(id ?? 'new'),
    queryFn: ({ signal }) => fetchProfile(id!, signal),
    enabled: !!id,
  });
  if (id && existing.isError) return <QueryError query={existing} />;
  if (id && !existing.data) return <p>{t('admin.core.loading')}</p>;
  return <ProfileForm key={existing.data?.id ?? 'new'} profile={existing.data ?? null} />;
}

const nullable = (s: string) => (s === '' ? null : s);

function ProfileForm({ profile }: { profile: AdminFictionalProfile | null }) {
  const { t } = useTranslation();
  const { v, set, errors, alert, saved, busy, submit } = useProfileForm(profile);
  const options = (list: readonly string[], prefix: string) =>
    list.map((o) => (
      <option key={o} value={o}>
        {t(`${prefix}.${o}`, { defaultValue: o })}
      </option>
    ));
  /** One of the profile's optional choices: "—" (none) or a value of `list` (labels `profile.<k>.<value>`). */
  const choice = (
    k: 'relationship_status' | 'hair_color' | 'eye_color' | 'body_type',
    label: string,
    list: readonly string[],
  ) => (
    <SelectField
      label={t(label)}
      name={k}
      value={v[k] ?? ''}
      onChange={(e) => set(k, nullable(e.target.value) as FictionalProfileInput[typeof k])}
    >
      <option value="">—</option>
      {options(list, `profile.${k}`)}
    </SelectField>
  );
  return (
    <section className="adm-sites" aria-labelledby="adm-pform-title">
      <div className="head-row head-row--center">
        <h1 id="adm-pform-title">{profile ? profile.name : t('admin.fictional.newProfile')}</h1>
        <Link to="/admin/fictional/profiles">{t('admin.fictional.backToProfiles')}</Link>
      </div>
      <form className="adm-sites__form" onSubmit={submit} noValidate>
        <FormAlert>{alert}</FormAlert>
        {saved ? <FormAlert tone="success">{t('admin.fictional.saved')}</FormAlert> : null}
        <div className="adm-sites__group">
          <div className="adm-sites__grid">
            <TextField
              label={t('admin.fictional.name')}
              name="name"
              value={v.name}
              error={errors.name}
              required
              onChange={(e) => set('name', e.target.value)}
            />
            <TextField
              label={t('admin.fictional.birthDate')}
              name="birth_date"
              type="date"
              value={v.birth_date}
              error={errors.birth_date}
              onChange={(e) => set('birth_date', e.target.value)}
            />
            <SelectField
              label={t('admin.fictional.gender')}
              name="gender"
              value={v.gender}
              onChange={(e) => set('gender', e.target.value as FictionalProfileInput['gender'])}
            >
              {options(['female', 'male'], 'profile.gender')}
            </SelectField>
            <SelectField
              label={t('admin.fictional.seeking')}
              name="seeking"
              value={v.seeking}
              onChange={(e) => set('seeking', e.target.value as FictionalProfileInput['seeking'])}
            >
              {options(['male', 'female', 'both'], 'profile.seeking')}
            </SelectField>
            <TextField
              label={t('admin.fictional.country')}
              hint={t('admin.fictional.countryHint')}
              name="country"
              maxLength={2}
              value={v.country}
              error={errors.country}
              onChange={(e) => set('country', e.target.value.toUpperCase())}
            />
            <TextField
              label={t('admin.fictional.region')}
              name="region"
              value={v.region ?? ''}
              onChange={(e) => set('region', nullable(e.target.value))}
            />
            <TextField
              label={t('admin.fictional.city')}
              name="city"
              value={v.city ?? ''}
              onChange={(e) => set('city', nullable(e.target.value))}
            />
            {choice('relationship_status', 'profile.relationshipStatus', RELATIONSHIP_STATUSES)}
            {choice('hair_color', 'profile.hairColor', HAIR_COLORS)}
            {choice('eye_color', 'profile.eyeColor', EYE_COLORS)}
            {choice('body_type', 'profile.bodyType', BODY_TYPES)}
            <TextAreaField
              className="adm-sites__wide"
              label={t('admin.fictional.about')}
              name="about"
              rows={4}
              maxLength={2000}
              value={v.about}
              error={errors.about}
              onChange={(e) => set('about', e.target.value)}
            />
            <Interests value={v.interests} error={errors.interests} onChange={(i) => set('interests', i)} />
            <div className="field adm-sites__check adm-sites__wide">
              <label>
                <input
                  type="checkbox"
                  name="fictional"
                  checked={v.fictional}
                  onChange={(e) => set('fictional', e.target.checked)}
                />{' '}
                {t('admin.fictional.mark')}
              </label>
              <p className="adm-muted">{t('admin.fictional.markHint')}</p>
            </div>
          </div>
        </div>
        <div className="adm-sites__actions">
          <Button type="submit" busy={busy}>
            {t('admin.fictional.save')}
          </Button>
        </div>
      </form>
      {profile ? <ProfilePhotos profile={profile} /> : null}
    </section>
  );
}

/** The profile's interests: a checkbox each. */
function Interests({
  value,
  error,
  onChange,
}: {
  value: FictionalProfileInput['interests'];
  error?: string;
  onChange: (interests: FictionalProfileInput['interests']) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="adm-sites__wide adm-sites__group">
      <legend>{t('admin.fictional.interests')}</legend>
      <div className="chips__list">
        {INTERESTS.map((i) => (
          <label key={i} className="chip">
            <input
              type="checkbox"
              checked={value.includes(i)}
              onChange={(e) => onChange(e.target.checked ? [...value, i] : value.filter((x) => x !== i))}
            />
            <span>{t(`interests.${i}`, { defaultValue: i })}</span>
          </label>
        ))}
      </div>
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}
