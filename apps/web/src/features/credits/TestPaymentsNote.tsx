import { useTranslation } from '../../app/translation.ts';

/**
 * On an install whose payments go to the built-in sandbox provider: a note on every checkout page
 * that these are test payments and no money moves (issue 25 item 1). A repeat order and a direct
 * debit never pass the sandbox's own checkout page, so the shop's pages say it themselves.
 */
export function TestPaymentsNote({ show }: { show: boolean | undefined }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <p className="form-alert form-alert--info test-payments" role="note">
      {t('credits.testPayments')}
    </p>
  );
}
