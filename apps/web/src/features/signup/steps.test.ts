import { describe, expect, it } from 'vitest';
import {
  activeSteps,
  firstStep,
  nextStep,
  prevStep,
  SIGNUP_STEPS,
  type StepDef,
  stepAfterSending,
  stepFields,
  stepForFields,
  stepPosition,
  stepsWithPush,
} from './steps.ts';

describe('signup step machine (spec §4)', () => {
  it('walks the enabled steps: account, photo, personal, relationship, about, complete', () => {
    expect(activeSteps().map((s) => s.id)).toEqual([
      'account',
      'photo',
      'personal',
      'relationship',
      'about',
      'complete',
    ]);
    expect(firstStep()).toBe('account');
    expect(nextStep('account')).toBe('photo');
    expect(nextStep('photo')).toBe('personal');
    expect(nextStep('about')).toBe('complete');
    expect(nextStep('complete')).toBeNull();
    expect(prevStep('personal')).toBe('photo');
    expect(prevStep('photo')).toBe('account');
    expect(prevStep('account')).toBeNull();
    expect(prevStep('complete')).toBeNull();
  });

  it('keeps the spec numbers, and tells the position for "Step 2 of 5"', () => {
    expect(SIGNUP_STEPS.map((s) => s.number)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(stepPosition('account')).toEqual({ position: 1, total: 6 });
    expect(stepPosition('photo')).toEqual({ position: 2, total: 6 });
    expect(stepPosition('complete')).toEqual({ position: 6, total: 6 });
  });

  it('counts on while sending: to the step that follows, never back (issue 26 item 12)', () => {
    const withPush = stepsWithPush(true);
    // About is 5 of 7; sending shows 6 of 7 (push next); push 6 of 7; complete 7 of 7.
    expect(stepPosition('about', withPush)).toEqual({ position: 5, total: 7 });
    expect(stepPosition(stepAfterSending(withPush), withPush)).toEqual({ position: 6, total: 7 });
    expect(stepPosition('complete', withPush)).toEqual({ position: 7, total: 7 });
    expect(stepPosition(stepAfterSending(), SIGNUP_STEPS)).toEqual({ position: 6, total: 6 });
  });

  it('takes the photo and push steps in once they are switched on', () => {
    const all: StepDef[] = SIGNUP_STEPS.map((s) => ({ ...s, enabled: true }));
    expect(nextStep('account', all)).toBe('photo');
    expect(nextStep('about', all)).toBe('push');
    expect(prevStep('personal', all)).toBe('photo');
    expect(stepPosition('personal', all)).toEqual({ position: 3, total: 7 });
    expect(() => nextStep('push')).toThrow(/disabled/);
  });

  it('knows which fields each step validates and where a server error sends the member back', () => {
    expect(stepFields('account')).toContain('date_of_birth');
    expect(stepFields('complete')).toEqual([]);
    expect(stepForFields(['about', 'name'])).toBe('account');
    expect(stepForFields(['tattoos'])).toBe('relationship');
    expect(stepForFields(['nothing'])).toBeNull();
  });
});
