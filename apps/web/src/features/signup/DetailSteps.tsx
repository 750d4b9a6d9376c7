import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import {
  AboutField,
  DetailChoiceField,
  type DetailForm,
  InterestsField,
} from '../../entities/member/DetailFields.tsx';
import type { DetailChoice } from '../../entities/member/profile-form.ts';
import { useMember } from '../../entities/member/queries.ts';
import { readSignupMember, type SignupMember } from '../../entities/signup/signup-member.ts';
import { TextAreaField } from '../../ui/fields.tsx';
import { useFieldProps } from '../../ui/form-errors.ts';
import type { SignupFormValues } from './request.ts';
import { SIGNUP_STEPS, type StepId } from './steps.ts';

/** How each detail choice shows in the signup: a select for the long lists, radio pills for the short. */
const SHOWN_AS: Record<DetailChoice, 'select' | 'radios'> = {
  hair_color: 'select',
  eye_color: 'radios',
  body_type: 'radios',
  relationship_status: 'select',
  tattoos: 'radios',
  signup_reason: 'radios',
};

/** The signup's react-hook-form as the shared detail fields take it. */
function useDetailForm(): DetailForm {
  const form = useFormContext<SignupFormValues>();
  const field = useFieldProps(form);
  const about = useWatch({ control: form.control, name: 'about' }) ?? '';
  const interests = useWatch({ control: form.control, name: 'interests' }) ?? [];
  return { field, about, interests };
}

/** A step of detail choices, all optional: the fields steps.ts gives the step, in its order. */
function ChoiceStep({ id }: { id: StepId }) {
  const form = useDetailForm();
  const fields = (SIGNUP_STEPS.find((s) => s.id === id)?.fields ?? []) as readonly DetailChoice[];
  return (
    <>
      {fields.map((name) => (
        <DetailChoiceField key={name} form={form} name={name} as={SHOWN_AS[name]} />
      ))}
    </>
  );
}

/** Step 2: looks (hair colour, eye colour, body type). */
export const PersonalStep = () => <ChoiceStep id="personal" />;

/** Step 3: relationship status, tattoos, reason for signing up. */
export const RelationshipStep = () => <ChoiceStep id="relationship" />;

/**
 * Step 4: about me (with a counter) and interests as chips from the site's list; all optional.
 * When a member's page brought the visitor, the signup message to them (spec §3 form state): sent
 * as the first chat message once the e-mail address is confirmed.
 */
export function AboutStep() {
  const form = useDetailForm();
  const [member, setMember] = useState<SignupMember | null>(null);
  useEffect(() => setMember(readSignupMember(window.location.search)), []);
  return (
    <>
      {member ? <SignupMessageField member={member} /> : null}
      <AboutField form={form} rows={member ? 3 : 5} />
      <InterestsField form={form} hintId="signup-interests-hint" />
    </>
  );
}

/**
 * The first message always names its recipient (issue 26 item 9): a member known only by id (a
 * lander's `?member=`) is looked up as a visitor sees them; one the visitor may not see gets no field.
 */
function SignupMessageField({ member }: { member: SignupMember }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const field = useFieldProps(useFormContext<SignupFormValues>());
  const looked = useMember(member.id, !member.name);
  const name = member.name ?? looked.data?.name;
  if (!name) return null;
  return (
    <TextAreaField
      label={t('signup.message.label', { name })}
      rows={3}
      maxLength={settings.message_length}
      hint={t('signup.message.hint')}
      {...field('signup_message')}
    />
  );
}
