import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, errorText } from '../../api/client.ts';
import { useTranslation } from '../../app/translation.ts';
import { sendSmsCode } from '../../entities/credits/api.ts';
import { Button } from '../../ui/Button.tsx';
import { CodeField, TextField } from '../../ui/fields.tsx';
import type { useActionForm } from '../../ui/use-action-form.ts';
import { type DirectDebitValues, secondsLeft } from './direct-debit.ts';

/** Seconds until `until` (ms since the epoch), counting down once a second while above 0. */
function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return secondsLeft(until, now);
}

/**
 * The mobile number, "Send code" and the 6-digit code of the direct-debit form (spec §3/§5). The
 * code goes out by SMS; a new one can be asked for once the server's wait (resend_after) has
 * passed, counted down beside the button. Failures (wait, too many today, a bad number) are said
 * at the number.
 */
export function SmsCodeFields({ form: f }: { form: ReturnType<typeof useActionForm<DirectDebitValues>> }) {
  const { t } = useTranslation();
  const { field } = f;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const left = useCountdown(resendAt);
  const send = useMutation({
    mutationFn: sendSmsCode,
    onSuccess: ({ resend_after }, phone) => {
      setSentTo(phone);
      setResendAt(Date.now() + resend_after * 1000);
      f.focus('code');
    },
    onError: (err) => {
      // A number the server refuses is said at the number; other failures under the button.
      const phone = err instanceof ApiError ? err.fields?.phone : undefined;
      if (phone) f.setFieldError('phone', phone);
    },
  });
  const onSend = async () => {
    if (send.isPending || left > 0) return;
    send.reset();
    if (!(await f.checkField('phone'))) return;
    send.mutate(f.read().phone.trim());
  };
  const sendFailed = send.isError && !(send.error instanceof ApiError && send.error.fields?.phone);
  return (
    <>
      <TextField
        label={t('credits.dd.phone')}
        hint={t('credits.dd.phoneHint')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...field('phone')}
      />
      <div className="dd-send">
        <Button variant="secondary" busy={send.isPending} disabled={left > 0} onClick={() => void onSend()}>
          {sentTo ? t('credits.dd.resend') : t('credits.dd.sendCode')}
        </Button>
        {left > 0 ? (
          <span className="dd-send__wait">{t('credits.dd.resendIn', { seconds: left })}</span>
        ) : null}
      </div>
      <div className="dd-send__status" role="status">
        {sentTo ? t('credits.dd.codeSent', { phone: sentTo }) : null}
      </div>
      {sendFailed ? (
        <p className="credits-alert" role="alert">
          {errorText(send.error, t)}
        </p>
      ) : null}
      <CodeField label={t('credits.dd.code')} className="dd-code" {...field('code')} />
    </>
  );
}
