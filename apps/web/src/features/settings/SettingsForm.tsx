import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/fields.tsx';
import { SettingsSection } from '../../ui/SettingsSection.tsx';
import type { useActionForm } from '../../ui/use-action-form.ts';

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
  form,
  onSubmit,
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
  /** The form's props from useActionForm. */
  form: ReturnType<typeof useActionForm>['form'];
  onSubmit: FormEventHandler<HTMLFormElement>;
  submit: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <SettingsSection id={id} title={title}>
      {intro}
      {success ? <FormAlert tone="success">{success}</FormAlert> : null}
      <FormAlert>{alert}</FormAlert>
      <form {...form} onSubmit={onSubmit} className="settings-form">
        {children}
        <Button type="submit" busy={busy}>
          {submit}
        </Button>
      </form>
    </SettingsSection>
  );
}
