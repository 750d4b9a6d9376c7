/**
 * The signup steps of spec §4: 0 create account, 1 photo, 2-4 personal info and about-me,
 * push opt-in, complete. Photo and push arrive with later issues: they are listed with
 * `enabled: false`, so switching one on is a one-line change and the numbering stays put.
 */
export type StepId = 'account' | 'photo' | 'personal' | 'relationship' | 'about' | 'push' | 'complete';

export type SignupField =
  | 'email'
  | 'name'
  | 'password'
  | 'date_of_birth'
  | 'gender'
  | 'seeking'
  | 'hair_color'
  | 'eye_color'
  | 'body_type'
  | 'relationship_status'
  | 'tattoos'
  | 'signup_reason'
  | 'about'
  | 'interests'
  | 'signup_message';

export interface StepDef {
  id: StepId;
  /** The spec's step number. */
  number: number;
  /** Form fields validated before leaving the step. */
  fields: readonly SignupField[];
  enabled: boolean;
}

export const SIGNUP_STEPS: readonly StepDef[] = [
  {
    id: 'account',
    number: 0,
    fields: ['email', 'name', 'password', 'date_of_birth', 'gender', 'seeking'],
    enabled: true,
  },
  { id: 'photo', number: 1, fields: [], enabled: true },
  { id: 'personal', number: 2, fields: ['hair_color', 'eye_color', 'body_type'], enabled: true },
  {
    id: 'relationship',
    number: 3,
    fields: ['relationship_status', 'tattoos', 'signup_reason'],
    enabled: true,
  },
  { id: 'about', number: 4, fields: ['about', 'interests', 'signup_message'], enabled: true },
  { id: 'push', number: 5, fields: [], enabled: false },
  { id: 'complete', number: 6, fields: [], enabled: true },
];

/** The steps with the push opt-in on or off (on only where the browser can be asked: SignupFlow). */
export function stepsWithPush(on: boolean, steps: readonly StepDef[] = SIGNUP_STEPS): StepDef[] {
  return steps.map((s) => (s.id === 'push' ? { ...s, enabled: on } : s));
}

/** The step whose "next" sends the signup (the sending progress runs between it and the next step). */
export const SUBMIT_STEP: StepId = 'about';

/** The step the counter shows while the signup is being sent: the one that follows it (push or complete). */
export function stepAfterSending(steps: readonly StepDef[] = SIGNUP_STEPS): StepId {
  return nextStep(SUBMIT_STEP, steps) ?? 'complete';
}

export function activeSteps(steps: readonly StepDef[] = SIGNUP_STEPS): StepDef[] {
  return steps.filter((s) => s.enabled);
}

function indexOf(id: StepId, steps: readonly StepDef[]): number {
  const i = activeSteps(steps).findIndex((s) => s.id === id);
  if (i < 0) throw new Error(`unknown or disabled signup step: ${id}`);
  return i;
}

export function firstStep(steps: readonly StepDef[] = SIGNUP_STEPS): StepId {
  return activeSteps(steps)[0]!.id;
}

/** The step after `id`, or null at the end. */
export function nextStep(id: StepId, steps: readonly StepDef[] = SIGNUP_STEPS): StepId | null {
  return activeSteps(steps)[indexOf(id, steps) + 1]?.id ?? null;
}

/** The step before `id`, or null at the start. Nothing leads back from the complete step. */
export function prevStep(id: StepId, steps: readonly StepDef[] = SIGNUP_STEPS): StepId | null {
  if (id === 'complete') return null;
  return activeSteps(steps)[indexOf(id, steps) - 1]?.id ?? null;
}

/** "Step 2 of 5": 1-based position among the enabled steps, for the progress indicator. */
export function stepPosition(
  id: StepId,
  steps: readonly StepDef[] = SIGNUP_STEPS,
): { position: number; total: number } {
  return { position: indexOf(id, steps) + 1, total: activeSteps(steps).length };
}

export function stepFields(id: StepId, steps: readonly StepDef[] = SIGNUP_STEPS): readonly SignupField[] {
  return steps.find((s) => s.id === id)?.fields ?? [];
}

/** The first enabled step holding one of these fields (where the server's field errors send the member back). */
export function stepForFields(
  fields: readonly string[],
  steps: readonly StepDef[] = SIGNUP_STEPS,
): StepId | null {
  return activeSteps(steps).find((s) => s.fields.some((f) => fields.includes(f)))?.id ?? null;
}
