import type { OwnProfile } from '@amora/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { lazyCheck } from '../../app/lazy-check.ts';
import { useTranslation } from '../../app/translation.ts';
import { updateProfile } from '../../entities/member/api.ts';
import {
  AboutField,
  DetailChoiceField,
  type DetailForm,
  InterestsField,
} from '../../entities/member/DetailFields.tsx';
import { matchRegion, type Place } from '../../entities/member/geocode.ts';
import { placeLine, regionsOf, useCountryName } from '../../entities/member/places.ts';
import {
  changedFields,
  DETAIL_CHOICES,
  PROFILE_FORM_FIELDS,
  type ProfileFormValues,
  toFormValues,
} from '../../entities/member/profile-form.ts';
import { useSetOwnProfile } from '../../entities/member/queries.ts';
import { Button } from '../../ui/Button.tsx';
import { ChoiceGroup, FormAlert, SelectField, TextField } from '../../ui/fields.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { useActionForm } from '../../ui/use-action-form.ts';
import { LocationButton, type LocationOutcome } from './LocationButton.tsx';
import './profile-section.css';
import './profile-form.css';

const SEEKING = ['female', 'male', 'both'] as const;

/** Checks the values with the shared schema (the same rules the server applies), loaded on first use. */
const check = lazyCheck<ProfileFormValues>(() => import('./check.ts').then((m) => m.profileCheck));

/**
 * The profile fields: whom the member seeks, where they live (with "Use my location"), about me,
 * interests, looks and situation. Saved with PUT /api/profile (only what changed). Plain fields
 * with the profile as their default values (ui/use-action-form.ts): what a member chooses or types
 * before the page's script has loaded stays when it has.
 */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const countryName = useCountryName();
  const setProfile = useSetOwnProfile();
  const [notice, setNotice] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);
  const initial = useMemo(() => toFormValues(profile), [profile]);
  const f = useActionForm<ProfileFormValues>({ check, defaultValues: initial, fields: PROFILE_FORM_FIELDS });
  const { field, values, put, reset } = f;
  const dirty = Object.keys(changedFields(values, profile)).length > 0;
  const { country, region } = values;
  const regions = regionsOf(settings, country);
  const countries = settings.countries.includes(profile.country)
    ? settings.countries
    : [profile.country, ...settings.countries];
  const detailForm: DetailForm = { field, about: values.about, interests: values.interests, initial };

  // Another tab or a photo change refreshed the profile: take it unless the member is typing.
  const [shown, setShown] = useState(profile);
  useEffect(() => {
    if (profile === shown) return;
    setShown(profile);
    if (!dirty) reset(toFormValues(profile));
  }, [profile, shown, dirty, reset]);

  // A place found by "Use my location": its country first, then (once that country's regions are
  // the region's options) the region and city.
  const [placed, setPlaced] = useState<{ region: string; city: string } | null>(null);
  useEffect(() => {
    if (!placed) return;
    setPlaced(null);
    put(placed);
  }, [placed, put]);

  const onCountry = (next: string) => {
    const list = regionsOf(settings, next)?.regions;
    if (list && !list.includes(f.read().region)) put({ region: '' });
  };

  const onPlace = (place: Place): LocationOutcome => {
    if (!settings.countries.includes(place.country)) {
      return { tone: 'error', text: t('location.outside', { country: countryName(place.country) }) };
    }
    const list = regionsOf(settings, place.country)?.regions;
    const regionValue = list ? (matchRegion(list, place.region) ?? '') : (place.region ?? '');
    put({ country: place.country });
    setPlaced({ region: regionValue, city: place.city ?? '' });
    setNotice(null);
    f.setAlert(null);
    return {
      tone: 'success',
      text: t('location.filled', {
        place: placeLine([place.city, regionValue || place.region, countryName(place.country)]),
      }),
    };
  };

  const onSubmit = f.submit(async (next) => {
    setNotice(null);
    const body = changedFields(next, profile);
    if (Object.keys(body).length === 0) {
      setNotice({ tone: 'info', text: t('profileEdit.nothingChanged') });
      return;
    }
    const saved = await updateProfile(body);
    setProfile(saved);
    reset(toFormValues(saved));
    setShown(saved);
    setNotice({ tone: 'success', text: t('profileEdit.saved') });
  });

  return (
    <TitledSection
      id="profile-details-title"
      className="card profile-section"
      titleClassName="profile-section__title"
      title={t('profileEdit.detailsTitle')}
    >
      <p className="muted">{t('profileEdit.detailsLead')}</p>
      <form {...f.form} onSubmit={onSubmit} className="profile-form">
        <ChoiceGroup
          legend={t('signup.seeking')}
          options={SEEKING.map((v) => ({ value: v, label: t(`profile.seeking.${v}`) }))}
          error={field('seeking').error}
          checked={initial.seeking}
          inputProps={{ name: 'seeking' }}
        />

        <fieldset className="field profile-form__place">
          <legend className="field__label profile-form__legend">{t('location.title')}</legend>
          <LocationButton onPlace={onPlace} />
          <div className="profile-form__grid">
            <SelectField
              label={t('location.country')}
              {...field('country')}
              onChange={(e) => onCountry(e.target.value)}
            >
              {countries.map((c) => (
                <option key={c} value={c}>
                  {countryName(c)}
                </option>
              ))}
            </SelectField>
            {regions ? (
              <SelectField label={t(`location.regionLabel.${regions.label}`)} {...field('region')}>
                <option value="">{t('location.chooseRegion')}</option>
                {region && !regions.regions.includes(region) ? (
                  <option value={region}>{region}</option>
                ) : null}
                {regions.regions.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </SelectField>
            ) : (
              <TextField
                label={t('location.regionLabel.region')}
                autoComplete="address-level1"
                {...field('region')}
              />
            )}
            <TextField
              label={t('location.city')}
              autoComplete="address-level2"
              maxLength={100}
              {...field('city')}
            />
          </div>
        </fieldset>

        <AboutField form={detailForm} rows={6} />
        <InterestsField form={detailForm} hintId="profile-interests-hint" />

        <div className="profile-form__grid">
          {DETAIL_CHOICES.map((name) => (
            <DetailChoiceField key={name} form={detailForm} name={name} as="select" />
          ))}
        </div>

        {f.alert ? (
          <FormAlert>{f.alert}</FormAlert>
        ) : notice ? (
          <FormAlert tone={notice.tone}>{notice.text}</FormAlert>
        ) : null}
        <div className="profile-form__actions button-row">
          <Button type="submit" size="lg" busy={f.busy}>
            {t('profileEdit.save')}
          </Button>
          {dirty ? <span className="muted">{t('profileEdit.unsaved')}</span> : null}
        </div>
      </form>
    </TitledSection>
  );
}
