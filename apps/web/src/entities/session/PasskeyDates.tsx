import type { Passkey } from '@amora/contracts';
import { useFormat } from '../../app/i18n.ts';
import { useTranslation } from '../../app/translation.ts';

/** A passkey's dates as a list shows them: "Added …" · "Last used …" (or never), for members and operators. */
export function PasskeyDates({ passkey: p }: { passkey: Pick<Passkey, 'created_at' | 'last_used_at'> }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  return (
    <>
      {t('settings.passkeys.created', { date: date(p.created_at, { dateStyle: 'medium' }) })}
      {' · '}
      {p.last_used_at
        ? t('settings.passkeys.lastUsed', { date: date(p.last_used_at, { dateStyle: 'medium' }) })
        : t('settings.passkeys.neverUsed')}
    </>
  );
}
