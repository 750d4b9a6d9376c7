import { leavingFor } from '../../entities/session/AuthGuard.tsx';
import './delete-account.css';
import type { DiscountCode } from '@amora/contracts';
import { DELETE_REASONS } from '@amora/contracts/profile';
import { isoTag, type Locale } from '@amora/i18n';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { lazyCheck } from '../../app/lazy-check.ts';
import { useTranslation } from '../../app/translation.ts';
import { deletionFactsKey, fetchDeletionFacts } from '../../entities/credits/api.ts';
import { methodName } from '../../entities/credits/methods.tsx';
import { useMoney } from '../../entities/credits/money.ts';
import { fetchDeleteOffer } from '../../entities/promotions/api.ts';
import { deleteAccount } from '../../entities/session/api.ts';
import { REACTIVATION_DAYS } from '../../entities/session/limits.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { FormAlert, PasswordField, SelectField, TextAreaField } from '../../ui/fields.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { SettingsSection } from '../../ui/SettingsSection.tsx';
import { useActionForm } from '../../ui/use-action-form.ts';

type Form = { reason: string; remarks: string; password: string };
const FIELDS = ['reason', 'remarks', 'password'];
const check = lazyCheck<Form>(() => import('./checks.ts').then((m) => m.deleteAccount));

/**
 * Delete account (spec §3 reasons plus remarks): the form is checked first; on a site with
 * delete_discount the member is offered a personal code first, once the server has checked the
 * form (the password) as the deletion will (take it: the account stays and
 * /credits shows the prices with it; decline: on with the deletion); then a confirm dialog asks
 * once more, saying what is lost with the account: paid credits still unused and payments still
 * under way (the server's facts, GET /api/payments/deletion-facts); afterwards the session is gone
 * and the member lands on /account-deleted.
 */
export function DeleteAccount() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // The deletion offer: asked for once (the server gives the same code again); none when it fails.
  const [offer, setOffer] = useState<DiscountCode | null>(null);
  const [offering, setOffering] = useState(false);
  const [asking, setAsking] = useState(false);
  const offerAsked = useRef(false);
  const declined = useRef(false);
  const { form, field, alert, submit, refuse, read, focus } = useActionForm<Form>({
    // The select starts on '' ("choose a reason"), which the schema refuses with choose_option.
    check,
    defaultValues: { reason: '', remarks: '', password: '' },
    fields: FIELDS,
  });
  useDeletionFacts();

  const askConfirm = submit(async (v) => {
    if (settings.delete_discount > 0 && !offerAsked.current) {
      setAsking(true);
      // The offer comes with the deletion asked for: the server checks the form (the password) first.
      const asked = await fetchDeleteOffer({
        reason: v.reason,
        password: v.password,
        remarks: v.remarks.trim() || undefined,
      }).then(
        (code) => ({ code }),
        (err: unknown) => ({ err }),
      );
      setAsking(false);
      if ('err' in asked) {
        // A wrong password is the form's to fix; without an offer (none on this site) the deletion goes on.
        if (asked.err instanceof ApiError && asked.err.fields) {
          refuse(asked.err);
          return;
        }
        offerAsked.current = true;
      } else {
        offerAsked.current = true;
        setOffer(asked.code);
        setOffering(true);
        return;
      }
    } else if (offer && !declined.current) {
      setOffering(true);
      return;
    }
    setConfirming(true);
  });
  const until = offer?.expires
    ? new Intl.DateTimeFormat(isoTag(i18n.language as Locale), { dateStyle: 'long' }).format(
        new Date(offer.expires),
      )
    : null;

  async function confirmDelete() {
    const v = read();
    setBusy(true);
    try {
      leavingFor('/account-deleted');
      await deleteAccount({ reason: v.reason, password: v.password, remarks: v.remarks.trim() || undefined });
      // The session is gone; /account-deleted reloads the user (now null). Forgetting the member
      // here, still on this members-only page, would make the auth guard send them to login.
      await navigate('/account-deleted', { replace: true });
    } catch (err) {
      leavingFor('');
      setBusy(false);
      setConfirming(false);
      const { fields } = refuse(err, { focus: false });
      focusAfterClose.current = (fields[0] as keyof Form | undefined) ?? null;
    }
  }

  // Once the dialog has closed (and given focus back to its opener), go to the field to fix.
  const focusAfterClose = useRef<keyof Form | null>(null);
  useEffect(() => {
    if (confirming || !focusAfterClose.current) return;
    focus(focusAfterClose.current);
    focusAfterClose.current = null;
  }, [confirming, focus]);

  return (
    <SettingsSection
      id="settings-delete"
      title={t('settings.delete.title')}
      lead={t('settings.delete.lead', { count: REACTIVATION_DAYS })}
      tone="danger"
    >
      <FormAlert>{alert}</FormAlert>
      <form {...form} onSubmit={askConfirm} className="settings-form">
        <SelectField label={t('settings.delete.reason')} {...field('reason')}>
          <option value="">{t('settings.delete.chooseReason')}</option>
          {DELETE_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`settings.deleteReason.${r}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField label={t('settings.delete.remarks')} rows={3} {...field('remarks')} />
        <PasswordField
          label={t('settings.currentPassword')}
          autoComplete="current-password"
          {...field('password')}
        />
        <Button type="submit" variant="danger" busy={asking}>
          {t('settings.delete.submit')}
        </Button>
      </form>
      {offer ? (
        <Modal
          open={offering}
          size="sm"
          className="delete-offer"
          title={t('settings.delete.offer.title')}
          onClose={() => setOffering(false)}
        >
          <p className="delete-offer__lead">
            {t('settings.delete.offer.text', { percentage: offer.value_percentage })}
          </p>
          <p className="delete-offer__code">
            <span className="delete-offer__code-label">{t('settings.delete.offer.code')}</span>
            <strong>{offer.code}</strong>
          </p>
          {until ? (
            <p className="delete-offer__until">{t('settings.delete.offer.until', { date: until })}</p>
          ) : null}
          <div className="modal__actions">
            <ButtonLink to={`/credits?code=${encodeURIComponent(offer.code)}`} size="lg" block autoFocus>
              {t('settings.delete.offer.take')}
            </ButtonLink>
            <Button
              variant="ghost"
              block
              onClick={() => {
                declined.current = true;
                setOffering(false);
                setConfirming(true);
              }}
            >
              {t('settings.delete.offer.decline')}
            </Button>
          </div>
        </Modal>
      ) : null}
      <Modal
        open={confirming}
        size="sm"
        title={t('settings.delete.confirmTitle')}
        onClose={busy ? undefined : () => setConfirming(false)}
      >
        <p>{t('settings.delete.confirmText', { count: REACTIVATION_DAYS })}</p>
        <LeftBehind />
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

/** What the deletion leaves behind, as the server counts it: paid credits and unsettled payments. */
function LeftBehind() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const facts = useDeletionFacts().data;
  if (!facts || (facts.paid_credits === 0 && facts.pending.length === 0)) return null;
  return (
    <div className="delete-facts" role="note">
      {facts.paid_credits > 0 ? (
        <p>{t('settings.delete.paidCredits', { count: facts.paid_credits })}</p>
      ) : null}
      {facts.pending.map((p) => (
        <p key={p.id}>
          {t('settings.delete.pending', {
            amount: money(p.amount, p.currency),
            method: methodName(p.method, t),
          })}
        </p>
      ))}
    </div>
  );
}

/** The facts, asked for with the form (so the dialog has them when it opens); kept fresh by order events. */
function useDeletionFacts() {
  const uid = useUser()?.id ?? '';
  return useQuery({
    queryKey: deletionFactsKey(uid),
    queryFn: ({ signal }) => fetchDeletionFacts(signal),
    enabled: !!uid,
  });
}
