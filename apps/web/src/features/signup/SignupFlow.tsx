import { signupsOpen, type Tracking } from '@amora/contracts/rules';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { PushStep } from '../../entities/push/PushStep.tsx';
import { usePushState } from '../../entities/push/push-state.ts';
import { signup } from '../../entities/session/api.ts';
import { forgetSignupMember, readSignupMember } from '../../entities/signup/signup-member.ts';
import { keepSignupPhoto, signupPhoto } from '../../entities/signup/signup-photo.ts';
import { captureTracking, hasTrafficSource } from '../../entities/signup/tracking.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/fields.tsx';
import { apiErrorMessage, fieldErrorSetter } from '../../ui/form-errors.ts';
import { AccountStep } from './AccountStep.tsx';
import { ConfirmEmail } from './ConfirmEmail.tsx';
import { AboutStep, PersonalStep, RelationshipStep } from './DetailSteps.tsx';
import { InviteOnly } from './InviteOnly.tsx';
import { PhotoStep } from './PhotoStep.tsx';
import {
  EMPTY_SIGNUP,
  type SignupFormValues,
  saveSignupResult,
  signupResult,
  toSignupRequest,
} from './request.ts';
import { signupResolver } from './resolver.ts';
import { SendingProgress } from './SendingProgress.tsx';
import { Stepper } from './Stepper.tsx';
import {
  firstStep,
  nextStep,
  prevStep,
  type StepId,
  SUBMIT_STEP,
  stepAfterSending,
  stepFields,
  stepForFields,
  stepsWithPush,
} from './steps.ts';
import './signup.css';

const ALL_FIELDS = Object.keys(EMPTY_SIGNUP);

/**
 * What was typed survives closing the modal by accident (memory only: it holds the password);
 * it is dropped once the signup went through.
 */
let draft: { values: SignupFormValues; step: StepId } | null = null;

const STEP_BODY: Partial<Record<StepId, () => ReactNode>> = {
  account: AccountStep,
  photo: PhotoStep,
  personal: PersonalStep,
  relationship: RelationshipStep,
  about: AboutStep,
};

export interface SignupFlowProps {
  /** 'page' on /signup (its heading is the page's h1), 'modal' in the desktop signup modal. */
  variant: 'page' | 'modal';
  /** Told while the signup is being sent (the modal cannot be closed then). */
  onBusyChange?: (busy: boolean) => void;
  /** Called when a link inside leads elsewhere (the modal closes). */
  onLeave?: () => void;
}

/**
 * Signup (spec §2, §4, §5): the steps with their progress indicator, the sending progress, and
 * the confirm-your-e-mail step. One component for the /signup page and the desktop modal.
 */
export default function SignupFlow({ variant, onBusyChange, onLeave }: SignupFlowProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const [step, setStep] = useState<StepId>(draft?.step ?? firstStep());
  const stepRef = useRef(step);
  stepRef.current = step;
  const [resolver] = useState(() => signupResolver(() => stepFields(stepRef.current)));
  // Each step is submitted as a form (handleSubmit): after a first try, fields re-check as they change.
  const form = useForm<SignupFormValues>({
    defaultValues: draft?.values ?? EMPTY_SIGNUP,
    resolver,
    mode: 'onTouched',
  });
  const [sending, setSending] = useState<{ startedAt: number; doneAt: number | null } | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [closedByServer, setClosedByServer] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The browser's copy of the traffic source; null until read after hydration.
  const [tracking, setTracking] = useState<Tracking | null>(null);
  useEffect(() => setTracking(captureTracking(window.location.search)), []);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const view = sending ? 'sending' : step;
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the view changes
  useEffect(() => {
    // Focus follows the step (not on first render: the page or the dialog decides that).
    if (mounted.current) headingRef.current?.focus();
    mounted.current = true;
  }, [view]);

  const latest = useRef({ step, done: false });
  latest.current.step = step;
  useEffect(
    () => () => {
      draft = latest.current.done ? null : { values: form.getValues(), step: latest.current.step };
    },
    [form],
  );

  // Spec §4: the push opt-in step after the account is sent, where the browser can still be asked.
  const push = usePushState();
  const pushOffered =
    !!settings.push_public_key &&
    push.isCapable === true &&
    push.isSubscribed === false &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'default';
  // Once the push step is planned it stays counted, so the counter never jumps (issue 26 item 12:
  // it ran 5 -> 7 -> 6 -> 6 of 6 on phones as the offer came and went).
  const [pushPlanned, setPushPlanned] = useState(false);
  useEffect(() => {
    if (pushOffered) setPushPlanned(true);
  }, [pushOffered]);
  const allSteps = stepsWithPush(pushPlanned || pushOffered || step === 'push');
  const pushCounted = useRef(false);
  pushCounted.current = pushPlanned || pushOffered;
  const offerPushRef = useRef(pushOffered);
  offerPushRef.current = pushOffered;

  const complete = useCallback(() => {
    setStep('complete');
    if (variant === 'page') navigate('/complete-signup', { replace: true });
  }, [navigate, variant]);

  const finished = useCallback(() => {
    latest.current.done = true;
    draft = null;
    onBusyChange?.(false);
    setSending(null);
    if (offerPushRef.current) setStep('push');
    else complete();
  }, [complete, onBusyChange]);

  const Heading = variant === 'page' ? 'h1' : 'h3';
  // The server kept the visitor's source from the first landing (settings.traffic_source, so the
  // notice is in its HTML); the browser's own record counts too (cookies off), read after hydration.
  const open = signupsOpen(settings.signups, settings.traffic_source || hasTrafficSource(tracking ?? {}));

  if (closedByServer || !open) {
    return (
      <div className={`signup signup--${variant}`}>
        <Heading className="signup__title">{t('signup.inviteOnly.title')}</Heading>
        <InviteOnly onLeave={onLeave} />
      </div>
    );
  }

  async function submit() {
    const values = form.getValues();
    const startedAt = performance.now();
    setSending({ startedAt, doneAt: null });
    onBusyChange?.(true);
    try {
      const res = await signup(
        toSignupRequest(values, tracking ?? {}, readSignupMember(window.location.search)?.id),
      );
      const email = res.email || values.email;
      // The photo of step 1 waits in this browser for the account to exist (signup-photo.ts).
      const photo = signupPhoto.get();
      if (photo) {
        await keepSignupPhoto(email, photo);
        signupPhoto.set(null);
      }
      forgetSignupMember();
      const result = signupResult(values, email);
      if (result) saveSignupResult({ ...result, push: pushCounted.current });
      setSentTo(email);
      setSending({ startedAt, doneAt: performance.now() - startedAt });
    } catch (err) {
      setSending(null);
      onBusyChange?.(false);
      if (err instanceof ApiError && err.code === 'signups_closed') {
        setClosedByServer(true);
        return;
      }
      const { message, fields } = apiErrorMessage(t, err, fieldErrorSetter(form.setError, false), ALL_FIELDS);
      const back = stepForFields(fields);
      if (back) setStep(back);
      setAlert(message);
    }
  }

  const next = form.handleSubmit(async () => {
    setAlert(null);
    if (step === SUBMIT_STEP) return submit();
    const n = nextStep(step, allSteps);
    if (n) setStep(n);
  });

  const back = prevStep(step, allSteps);
  const Body = STEP_BODY[step];
  return (
    <div className={`signup signup--${variant}`}>
      <Stepper current={sending ? stepAfterSending(allSteps) : step} all={allSteps} />
      {sending ? (
        <>
          <Heading ref={headingRef} tabIndex={-1} className="signup__title">
            {t('signup.sending.title')}
          </Heading>
          <SendingProgress startedAt={sending.startedAt} doneAt={sending.doneAt} onFinished={finished} />
        </>
      ) : step === 'push' ? (
        <>
          <Heading ref={headingRef} tabIndex={-1} className="signup__title">
            {t('signup.steps.push.title')}
          </Heading>
          <p className="signup__lead">{t('signup.steps.push.lead')}</p>
          <PushStep onDone={complete} />
        </>
      ) : step === 'complete' ? (
        <>
          <Heading ref={headingRef} tabIndex={-1} className="signup__title">
            {t('signup.complete.title')}
          </Heading>
          <ConfirmEmail email={sentTo} onLeave={onLeave} />
        </>
      ) : (
        <form noValidate className="signup__form" onSubmit={next}>
          <Heading ref={headingRef} tabIndex={-1} className="signup__title">
            {t(`signup.steps.${step}.title`)}
          </Heading>
          <p className="signup__lead">{t(`signup.steps.${step}.lead`)}</p>
          <FormAlert>{alert}</FormAlert>
          <FormProvider {...form}>{Body ? <Body /> : null}</FormProvider>
          <div className="signup__actions">
            {back ? (
              <Button variant="ghost" onClick={() => setStep(back)}>
                {t('common.back')}
              </Button>
            ) : null}
            <Button type="submit" size="lg" className="signup__next">
              {step === SUBMIT_STEP ? t('signup.submit') : t('signup.next')}
            </Button>
          </div>
          {step === 'account' ? (
            <p className="signup__switch">
              {t('signup.haveAccount')}{' '}
              <Link to="/login" onClick={onLeave}>
                {t('nav.login')}
              </Link>
            </p>
          ) : null}
        </form>
      )}
    </div>
  );
}
