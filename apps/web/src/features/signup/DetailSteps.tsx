import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/queries.ts';
import { TextAreaField } from '../../ui/fields.tsx';
import { useFieldProps } from '../accounts/form-errors.ts';
import { AboutField, DetailChoiceField, InterestsField } from '../profiles/DetailFields.tsx';
import type { SignupFormValues } from './request.ts';
import { readSignupMember, type SignupMember } from './signup-member.ts';

/** Step 2: looks (hair colour, eye colour, body type); all optional. */
export function PersonalStep() {
  return (
    <>
      <DetailChoiceField name="hair_color" as="select" />
      <DetailChoiceField name="eye_color" as="radios" />
      <DetailChoiceField name="body_type" as="radios" />
    </>
  );
}

/** Step 3: relationship status, tattoos, reason for signing up; all optional. */
export function RelationshipStep() {
  return (
    <>
      <DetailChoiceField name="relationship_status" as="select" />
      <DetailChoiceField name="tattoos" as="radios" />
      <DetailChoiceField name="signup_reason" as="radios" />
    </>
  );
}

/**
 * Step 4: about me (with a counter) and interests as chips from the site's list; all optional.
 * When a member's page brought the visitor, the signup message to them (spec §3 form state): sent
 * as the first chat message once the e-mail address is confirmed.
 */
export function AboutStep() {
  const [member, setMember] = useState<SignupMember | null>(null);
  useEffect(() => setMember(readSignupMember(window.location.search)), []);
  return (
    <>
      {member ? <SignupMessageField member={member} /> : null}
      <AboutField rows={member ? 3 : 5} />
      <InterestsField hintId="signup-interests-hint" />
    </>
  );
}

function SignupMessageField({ member }: { member: SignupMember }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const field = useFieldProps(useFormContext<SignupFormValues>());
  return (
    <TextAreaField
      label={
        member.name ? t('signup.message.label', { name: member.name }) : t('signup.message.labelGeneric')
      }
      rows={3}
      maxLength={settings.message_length}
      hint={t('signup.message.hint')}
      {...field('signup_message')}
    />
  );
}
