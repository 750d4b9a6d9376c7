import type { FocusEventHandler, FormEventHandler, ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/fields.tsx';
import { SettingsSection } from '../../ui/SettingsSection.tsx';

/**
 * A settings section that is one small form (e-mail address, password): what it says first
 * (`intro`), the success and the refusal, the fields (`children`) and the submit button.
 */
export function SettingsForm({
  id,
  title,
  intro,
  success,
  alert,
  onSubmit,
  onFocus,
  submit,
  busy,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  /** Said once the change went through. */
  success?: string | null;
  alert: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocus?: FocusEventHandler<HTMLFormElement>;
  submit: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <SettingsSection id={id} title={title}>
      {intro}
      {success ? <FormAlert tone="success">{success}</FormAlert> : null}
      <FormAlert>{alert}</FormAlert>
      <form noValidate onSubmit={onSubmit} onFocus={onFocus} className="settings-form">
        {children}
        <Button type="submit" busy={busy}>
          {submit}
        </Button>
      </form>
    </SettingsSection>
  );
}
