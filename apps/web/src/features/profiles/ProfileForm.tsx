import type { OwnProfile } from '@amora/contracts';
import { useEffect, useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { FormProvider, lazyForm, useForm, useWatch } from '../../app/lazy-form.tsx';
import { lazyResolver } from '../../app/lazy-resolver.ts';
import { useTranslation } from '../../app/translation.ts';
import { updateProfile } from '../../entities/member/api.ts';
import { AboutField, DetailChoiceField, InterestsField } from '../../entities/member/DetailFields.tsx';
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
import { apiErrorMessage, fieldErrorSetter, useErrorText, useFieldProps } from '../../ui/form-errors.ts';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { LocationButton, type LocationOutcome } from './LocationButton.tsx';
import './profile-section.css';
import './profile-form.css';

const SEEKING = ['female', 'male', 'both'] as const;

/** Checks the values with the shared schema (the same rules the server applies), loaded on first use. */
const resolver = lazyResolver<ProfileFormValues>(() =>
  import('./resolver.ts').then((m) => m.profileResolver),
);

/**
 * The profile fields: whom the member seeks, where they live (with "Use my location"), about me,
 * interests, looks and situation. Saved with PUT /api/profile (only what changed).
 */
export const ProfileForm = lazyForm(function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const errorText = useErrorText();
  const countryName = useCountryName();
  const setProfile = useSetOwnProfile();
  const [alert, setAlert] = useState<{ tone: 'error' | 'success' | 'info'; text: string } | null>(null);
  const form = useForm<ProfileFormValues>({
    defaultValues: toFormValues(profile),
    resolver,
    mode: 'onTouched',
  });
  const { register, control, setValue, formState } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const field = useFieldProps(form);
  const country = useWatch({ control, name: 'country' });
  const region = useWatch({ control, name: 'region' });
  const regions = regionsOf(settings, country);
  const countries = settings.countries.includes(profile.country)
    ? settings.countries
    : [profile.country, ...settings.countries];

  // Another tab or a photo change refreshed the profile: take it unless the member is typing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toFormValues(profile));
  }, [profile, form]);

  const onCountry = (next: string) => {
    const list = regionsOf(settings, next)?.regions;
    if (list && !list.includes(form.getValues('region'))) setValue('region', '', { shouldDirty: true });
  };

  const onPlace = (place: Place): LocationOutcome => {
    if (!settings.countries.includes(place.country)) {
      return { tone: 'error', text: t('location.outside', { country: countryName(place.country) }) };
    }
    const list = regionsOf(settings, place.country)?.regions;
    const regionValue = list ? (matchRegion(list, place.region) ?? '') : (place.region ?? '');
    const opts = { shouldDirty: true, shouldValidate: true } as const;
    setValue('country', place.country, opts);
    setValue('region', regionValue, opts);
    setValue('city', place.city ?? '', opts);
    setAlert(null);
    return {
      tone: 'success',
      text: t('location.filled', {
        place: placeLine([place.city, regionValue || place.region, countryName(place.country)]),
      }),
    };
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null);
    const body = changedFields(values, profile);
    if (Object.keys(body).length === 0) {
      setAlert({ tone: 'info', text: t('profileEdit.nothingChanged') });
      return;
    }
    try {
      const saved = await updateProfile(body);
      setProfile(saved);
      form.reset(toFormValues(saved));
      setAlert({ tone: 'success', text: t('profileEdit.saved') });
    } catch (err) {
      const { message } = apiErrorMessage(t, err, fieldErrorSetter(form.setError), PROFILE_FORM_FIELDS);
      setAlert({ tone: 'error', text: message });
    }
  });

  return (
    <TitledSection
      id="profile-details-title"
      className="card profile-section"
      titleClassName="profile-section__title"
      title={t('profileEdit.detailsTitle')}
    >
      <p className="muted">{t('profileEdit.detailsLead')}</p>
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} onFocus={resolver.preload} className="profile-form">
          <ChoiceGroup
            legend={t('signup.seeking')}
            options={SEEKING.map((v) => ({ value: v, label: t(`profile.seeking.${v}`) }))}
            error={errorText(errors.seeking)}
            inputProps={register('seeking')}
          />

          <fieldset className="field profile-form__place">
            <legend className="field__label profile-form__legend">{t('location.title')}</legend>
            <LocationButton onPlace={onPlace} />
            <div className="profile-form__grid">
              <SelectField
                label={t('location.country')}
                {...field('country', { onChange: (e) => onCountry(e.target.value) })}
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

          <AboutField rows={6} />
          <InterestsField hintId="profile-interests-hint" />

          <div className="profile-form__grid">
            {DETAIL_CHOICES.map((name) => (
              <DetailChoiceField key={name} name={name} as="select" />
            ))}
          </div>

          {alert ? <FormAlert tone={alert.tone}>{alert.text}</FormAlert> : null}
          <div className="profile-form__actions button-row">
            <Button type="submit" size="lg" busy={isSubmitting}>
              {t('profileEdit.save')}
            </Button>
            {isDirty ? <span className="muted">{t('profileEdit.unsaved')}</span> : null}
          </div>
        </form>
      </FormProvider>
    </TitledSection>
  );
});
