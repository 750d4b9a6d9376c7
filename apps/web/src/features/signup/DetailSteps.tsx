import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
  signupDetailsSchema,
} from '@amora/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/queries.ts';
import { ChoiceGroup, SelectField, TextAreaField } from '../../ui/fields.tsx';
import { useErrorText } from '../accounts/form-errors.ts';
import type { SignupFormValues } from './request.ts';

const SIGNUP_REASONS = signupDetailsSchema.shape.signup_reason.unwrap().options;
export const ABOUT_MAX = 2000;
export const INTERESTS_MAX = 20;

/** Step 2: looks (hair colour, eye colour, body type); all optional. */
export function PersonalStep() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const {
    register,
    formState: { errors },
  } = useFormContext<SignupFormValues>();
  return (
    <>
      <SelectField
        label={t('profile.hairColor')}
        error={errorText(errors.hair_color)}
        {...register('hair_color')}
      >
        <option value="">{t('signup.noAnswer')}</option>
        {HAIR_COLORS.map((v) => (
          <option key={v} value={v}>
            {t(`profile.hair_color.${v}`)}
          </option>
        ))}
      </SelectField>
      <ChoiceGroup
        legend={t('profile.eyeColor')}
        options={EYE_COLORS.map((v) => ({ value: v, label: t(`profile.eye_color.${v}`) }))}
        error={errorText(errors.eye_color)}
        inputProps={register('eye_color')}
      />
      <ChoiceGroup
        legend={t('profile.bodyType')}
        options={BODY_TYPES.map((v) => ({ value: v, label: t(`profile.body_type.${v}`) }))}
        error={errorText(errors.body_type)}
        inputProps={register('body_type')}
      />
    </>
  );
}

/** Step 3: relationship status, tattoos, reason for signing up; all optional. */
export function RelationshipStep() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const {
    register,
    formState: { errors },
  } = useFormContext<SignupFormValues>();
  return (
    <>
      <SelectField
        label={t('profile.relationshipStatus')}
        error={errorText(errors.relationship_status)}
        {...register('relationship_status')}
      >
        <option value="">{t('signup.noAnswer')}</option>
        {RELATIONSHIP_STATUSES.map((v) => (
          <option key={v} value={v}>
            {t(`profile.relationship_status.${v}`)}
          </option>
        ))}
      </SelectField>
      <ChoiceGroup
        legend={t('profile.tattoos')}
        options={[
          { value: 'yes', label: t('common.yes') },
          { value: 'no', label: t('common.no') },
        ]}
        error={errorText(errors.tattoos)}
        inputProps={register('tattoos')}
      />
      <ChoiceGroup
        legend={t('profile.signupReason')}
        options={SIGNUP_REASONS.map((v) => ({ value: v, label: t(`profile.signup_reason.${v}`) }))}
        error={errorText(errors.signup_reason)}
        inputProps={register('signup_reason')}
      />
    </>
  );
}

const isInterest = (v: string): v is (typeof INTERESTS)[number] =>
  (INTERESTS as readonly string[]).includes(v);

/** Step 4: about me (with a counter) and interests as chips from the site's list; all optional. */
export function AboutStep() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const settings = useSettings();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<SignupFormValues>();
  const about = useWatch({ control, name: 'about' }) ?? '';
  const chosen = useWatch({ control, name: 'interests' }) ?? [];
  const siteInterests = settings.interests.filter(isInterest);
  const interests = siteInterests.length ? siteInterests : INTERESTS;
  const full = chosen.length >= INTERESTS_MAX;
  return (
    <>
      <TextAreaField
        label={t('profile.about')}
        rows={5}
        placeholder={t('signup.aboutPlaceholder')}
        hint={t('signup.aboutCounter', { count: about.length, max: ABOUT_MAX })}
        error={errorText(errors.about)}
        {...register('about')}
      />
      <fieldset className="field chips" aria-describedby="signup-interests-hint">
        <legend className="field__label">{t('profile.interests')}</legend>
        <p id="signup-interests-hint" className="field__hint">
          {t('signup.interestsHint', { count: chosen.length, max: INTERESTS_MAX })}
        </p>
        <div className="chips__list">
          {interests.map((key) => {
            const checked = chosen.includes(key);
            return (
              <label key={key} className="chip">
                <input type="checkbox" value={key} disabled={full && !checked} {...register('interests')} />
                <span>{t(`interests.${key}`)}</span>
              </label>
            );
          })}
        </div>
        {errors.interests ? <p className="field__error">{errorText(errors.interests)}</p> : null}
      </fieldset>
    </>
  );
}
