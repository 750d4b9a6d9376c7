import { AboutField, DetailChoiceField, InterestsField } from '../profiles/DetailFields.tsx';

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

/** Step 4: about me (with a counter) and interests as chips from the site's list; all optional. */
export function AboutStep() {
  return (
    <>
      <AboutField rows={5} />
      <InterestsField hintId="signup-interests-hint" />
    </>
  );
}
