import { DELETE_REASONS, deleteAccountSchema } from '@amora/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { FormAlert, PasswordField, SelectField, TextAreaField } from '../../ui/fields.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { deleteAccount } from '../accounts/api.ts';
import { apiErrorMessage, fieldErrorSetter, useErrorText } from '../accounts/form-errors.ts';
import { REACTIVATION_DAYS } from '../accounts/limits.ts';
import { SettingsSection } from './SettingsPage.tsx';

type Form = { reason: string; remarks: string; password: string };
const FIELDS = ['reason', 'remarks', 'password'];

/**
 * Delete account (spec §3 reasons plus remarks): the form is checked first, then a confirm dialog
 * asks once more; afterwards the session is gone and the member lands on /account-deleted.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm<Form>({
    // The select starts on '' ("choose a reason"), which the schema refuses with choose_option.
    resolver: zodResolver(deleteAccountSchema) as unknown as Resolver<Form>,
    defaultValues: { reason: '', remarks: '', password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const askConfirm = form.handleSubmit(() => {
    setAlert(null);
    setConfirming(true);
  });

  async function confirmDelete() {
    const v = form.getValues();
    setBusy(true);
    try {
      await deleteAccount({ reason: v.reason, password: v.password, remarks: v.remarks.trim() || undefined });
      // The session is gone; /account-deleted reloads the user (now null). Forgetting the member
      // here, still on this members-only page, would make the auth guard send them to login.
      await navigate('/account-deleted', { replace: true });
    } catch (err) {
      setBusy(false);
      setConfirming(false);
      const { message, fields } = apiErrorMessage(t, err, fieldErrorSetter(form.setError, false), FIELDS);
      setAlert(message);
      focusAfterClose.current = (fields[0] as keyof Form | undefined) ?? null;
    }
  }

  // Once the dialog has closed (and given focus back to its opener), go to the field to fix.
  const focusAfterClose = useRef<keyof Form | null>(null);
  useEffect(() => {
    if (confirming || !focusAfterClose.current) return;
    form.setFocus(focusAfterClose.current);
    focusAfterClose.current = null;
  }, [confirming, form]);

  return (
    <SettingsSection
      id="settings-delete"
      title={t('settings.delete.title')}
      lead={t('settings.delete.lead', { count: REACTIVATION_DAYS })}
      tone="danger"
    >
      <FormAlert>{alert}</FormAlert>
      <form noValidate onSubmit={askConfirm} className="settings-form">
        <SelectField
          label={t('settings.delete.reason')}
          error={errorText(errors.reason)}
          {...form.register('reason')}
        >
          <option value="">{t('settings.delete.chooseReason')}</option>
          {DELETE_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`settings.deleteReason.${r}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('settings.delete.remarks')}
          rows={3}
          error={errorText(errors.remarks)}
          {...form.register('remarks')}
        />
        <PasswordField
          label={t('settings.currentPassword')}
          autoComplete="current-password"
          error={errorText(errors.password)}
          {...form.register('password')}
        />
        <Button type="submit" variant="danger">
          {t('settings.delete.submit')}
        </Button>
      </form>
      <Modal
        open={confirming}
        size="sm"
        title={t('settings.delete.confirmTitle')}
        closeLabel={t('common.close')}
        onClose={busy ? undefined : () => setConfirming(false)}
      >
        <p>{t('settings.delete.confirmText', { count: REACTIVATION_DAYS })}</p>
        <div className="modal__actions">
          <Button variant="danger" size="lg" block busy={busy} onClick={confirmDelete}>
            {t('settings.delete.confirm')}
          </Button>
          <Button variant="ghost" block autoFocus disabled={busy} onClick={() => setConfirming(false)}>
            {t('settings.delete.cancel')}
          </Button>
        </div>
      </Modal>
    </SettingsSection>
  );
}
