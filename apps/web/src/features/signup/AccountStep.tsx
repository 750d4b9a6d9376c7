import { MIN_AGE } from '@amora/contracts/rules';
import mailcheck from '@zootools/email-spell-checker';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { Trans, useTranslation } from '../../app/translation.ts';
import { ChoiceGroup, EmailField, TextField } from '../../ui/fields.tsx';
import { useErrorText, useFieldProps } from '../../ui/form-errors.ts';
import { NewPasswordField } from '../../ui/NewPasswordField.tsx';
import { DobSelect } from './DobSelect.tsx';
import type { SignupFormValues } from './request.ts';

/** Step 0: create account (spec §4) - e-mail with a "did you mean" hint, username, password, date of birth, I am / looking for. */
export function AccountStep() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useFormContext<SignupFormValues>();
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const field = useFieldProps(form);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const email = register('email');

  return (
    <>
      {/* Two columns in the desktop modal, so the step and its Continue fit a 900 px high screen. */}
      <div className="signup__grid">
        <EmailField
          label={t('auth.email')}
          error={errorText(errors.email)}
          {...email}
          onBlur={(e) => {
            void email.onBlur(e);
            const value = e.target.value.trim();
            setSuggestion(value.includes('@') ? (mailcheck.run({ email: value })?.full ?? null) : null);
          }}
          after={
            <p className="field__suggestion" aria-live="polite">
              {suggestion ? (
                <Trans
                  i18nKey="signup.didYouMean"
                  values={{ email: suggestion }}
                  components={{
                    fix: (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => {
                          setValue('email', suggestion, { shouldValidate: true, shouldDirty: true });
                          setSuggestion(null);
                        }}
                      />
                    ),
                  }}
                />
              ) : null}
            </p>
          }
        />
        <TextField
          label={t('signup.username')}
          autoComplete="nickname"
          autoCapitalize="none"
          spellCheck={false}
          hint={t('signup.usernameHint')}
          {...field('name')}
        />
        <NewPasswordField label={t('auth.password')} {...field('password')} />
        <Controller
          control={control}
          name="date_of_birth"
          render={({ field, fieldState }) => (
            <DobSelect
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              selectRef={field.ref}
              error={errorText(fieldState.error)}
            />
          )}
        />
      </div>
      <div className="signup__pair">
        <ChoiceGroup
          legend={t('signup.gender')}
          options={(['male', 'female'] as const).map((v) => ({ value: v, label: t(`profile.gender.${v}`) }))}
          error={errorText(errors.gender)}
          inputProps={register('gender')}
        />
        <ChoiceGroup
          legend={t('signup.seeking')}
          options={(['male', 'female', 'both'] as const).map((v) => ({
            value: v,
            label: t(`profile.seeking.${v}`),
          }))}
          error={errorText(errors.seeking)}
          inputProps={register('seeking')}
        />
      </div>
      <p className="signup__legal">
        <Trans
          i18nKey="signup.legal"
          values={{ min_age: MIN_AGE }}
          components={{
            terms: <Link to="/pages/terms" target="_blank" rel="noopener" />,
            privacy: <Link to="/pages/privacy" target="_blank" rel="noopener" />,
          }}
        />
      </p>
    </>
  );
}
