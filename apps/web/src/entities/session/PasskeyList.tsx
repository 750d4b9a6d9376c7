import './passkey-list.css';
import type { Passkey } from '@amora/contracts';
import { useFormat } from '../../app/i18n.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';

type ListedPasskey = Pick<Passkey, 'id' | 'name' | 'created_at' | 'last_used_at'>;

/**
 * Passkeys as a member's settings and an operator's console account list them: each with its name,
 * "Added …" · "Last used …" (or never) and its Remove button; "no passkeys yet" once the list has
 * loaded empty (`loaded`).
 */
export function PasskeyList({
  passkeys,
  loaded,
  removing,
  onRemove,
}: {
  passkeys: readonly ListedPasskey[];
  loaded: boolean;
  /** The passkey being removed (its button is busy). */
  removing: string | null;
  onRemove: (passkey: ListedPasskey) => void;
}) {
  const { t } = useTranslation();
  const { date } = useFormat();
  if (!passkeys.length) return loaded ? <p>{t('settings.passkeys.empty')}</p> : null;
  return (
    <ul className="passkey-list" aria-label={t('settings.passkeys.listLabel')}>
      {passkeys.map((p) => (
        <li key={p.id} className="passkey-list__item">
          <div>
            <strong className="passkey-list__name">{p.name}</strong>
            <span className="passkey-list__facts muted">
              {t('settings.passkeys.created', { date: date(p.created_at, { dateStyle: 'medium' }) })}
              {' · '}
              {p.last_used_at
                ? t('settings.passkeys.lastUsed', { date: date(p.last_used_at, { dateStyle: 'medium' }) })
                : t('settings.passkeys.neverUsed')}
            </span>
          </div>
          <Button
            variant="ghost"
            size="sm"
            busy={removing === p.id}
            aria-label={t('settings.passkeys.removeLabel', { name: p.name })}
            onClick={() => onRemove(p)}
          >
            {t('settings.passkeys.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
