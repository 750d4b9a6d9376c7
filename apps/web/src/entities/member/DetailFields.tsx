import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
  SIGNUP_REASONS,
} from '@amora/contracts/profile';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { ChoiceGroup, SelectField, TextAreaField } from '../../ui/fields.tsx';
import type { DetailChoice, ProfileDetailValues } from './profile-form.ts';

/**
 * The profile details as form fields, shared by the signup steps (react-hook-form) and the profile
 * editor (ui/use-action-form.ts). Each is given `form`, what it needs of either: a field's props
 * (name, the error's text, the default value of an uncontrolled field, the library's own ref and
 * handlers), the current about text and interests, and the values the fields start with (the
 * profile editor's checkboxes and radios start checked from them).
 */
export type DetailFieldProps = { name: string; error?: string; defaultValue?: string } & Partial<
  Pick<UseFormRegisterReturn, 'onChange' | 'onBlur' | 'ref'>
>;
export interface DetailForm {
  field: (name: keyof ProfileDetailValues) => DetailFieldProps;
  about: string;
  interests: readonly string[];
  initial?: ProfileDetailValues;
}

export const ABOUT_MAX = 2000;
export const INTERESTS_MAX = 20;

function keyed(field: DetailChoice, values: readonly string[]) {
  return values.map((v) => ({ value: v, label: `profile.${field}.${v}` }));
}

interface ChoiceKeys {
  label: string;
  options: readonly { value: string; label: string }[];
}

/** Each choice's label and options, as i18n keys. */
const CHOICES: Record<DetailChoice, ChoiceKeys> = {
  hair_color: { label: 'profile.hairColor', options: keyed('hair_color', HAIR_COLORS) },
  eye_color: { label: 'profile.eyeColor', options: keyed('eye_color', EYE_COLORS) },
  body_type: { label: 'profile.bodyType', options: keyed('body_type', BODY_TYPES) },
  relationship_status: {
    label: 'profile.relationshipStatus',
    options: keyed('relationship_status', RELATIONSHIP_STATUSES),
  },
  tattoos: {
    label: 'profile.tattoos',
    options: [
      { value: 'yes', label: 'common.yes' },
      { value: 'no', label: 'common.no' },
    ],
  },
  signup_reason: { label: 'profile.signupReason', options: keyed('signup_reason', SIGNUP_REASONS) },
};

/**
 * One detail choice: a select whose first option is "no answer", or (`as="radios"`) a group of
 * radio pills with none picked for no answer.
 */
export function DetailChoiceField({
  form,
  name,
  as,
}: {
  form: DetailForm;
  name: DetailChoice;
  as: 'select' | 'radios';
}) {
  const { t } = useTranslation();
  const { label, options } = CHOICES[name];
  if (as === 'radios') {
    const { error, defaultValue: _, ...inputProps } = form.field(name);
    return (
      <ChoiceGroup
        legend={t(label)}
        options={options.map((o) => ({ value: o.value, label: t(o.label) }))}
        error={error}
        checked={form.initial?.[name]}
        inputProps={inputProps}
      />
    );
  }
  return (
    <SelectField label={t(label)} {...form.field(name)}>
      <option value="">{t('signup.noAnswer')}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {t(o.label)}
        </option>
      ))}
    </SelectField>
  );
}

/** About me, with a counter of the characters used. */
export function AboutField({ form, rows }: { form: DetailForm; rows: number }) {
  const { t } = useTranslation();
  const about = form.about;
  return (
    <TextAreaField
      label={t('profile.about')}
      rows={rows}
      placeholder={t('signup.aboutPlaceholder')}
      hint={t('signup.aboutCounter', { count: about.length, max: ABOUT_MAX })}
      {...form.field('about')}
    />
  );
}

const isInterest = (v: string): v is (typeof INTERESTS)[number] =>
  (INTERESTS as readonly string[]).includes(v);

/**
 * Interests as chips from the site's list (all of them when the site names none); once
 * INTERESTS_MAX are chosen the others are disabled. `hintId` is the id of the hint paragraph.
 */
export function InterestsField({ form, hintId }: { form: DetailForm; hintId: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { error, defaultValue: _, ...inputProps } = form.field('interests');
  const chosen = form.interests;
  const siteInterests = settings.interests.filter(isInterest);
  const interests = siteInterests.length ? siteInterests : INTERESTS;
  const full = chosen.length >= INTERESTS_MAX;
  return (
    <fieldset className="field chips" aria-describedby={hintId}>
      <legend className="field__label">{t('profile.interests')}</legend>
      <p id={hintId} className="field__hint">
        {t('signup.interestsHint', { count: chosen.length, max: INTERESTS_MAX })}
      </p>
      <div className="chips__list">
        {interests.map((key) => {
          const checked = chosen.includes(key);
          return (
            <label key={key} className="chip">
              <input
                type="checkbox"
                value={key}
                disabled={full && !checked}
                defaultChecked={form.initial?.interests.includes(key)}
                {...inputProps}
              />
              <span>{t(`interests.${key}`)}</span>
            </label>
          );
        })}
      </div>
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}
