import { useSettings } from '../api/queries.ts';
import { useTranslation } from '../app/translation.ts';

/** The site's warning for a fictional chat partner, with its icon (member page, chat header). */
export function FictionalWarning({ className }: { className?: string }) {
  const settings = useSettings();
  if (!settings.fictional_warning) return null;
  return (
    <p className={`member-fictional ${className ?? ''}`}>
      <span className="member-fictional__icon" aria-hidden="true">
        {settings.fictional_icon}
      </span>
      {settings.fictional_warning}
    </p>
  );
}

/**
 * The mark of a fictional chat partner wherever they appear (tiles, swipe cards, the match modal,
 * the chat list and header): the site's icon and the words "Fictional profile" in the reader's
 * language, visible (an icon alone reads as decoration). The title is the site's own word for it.
 */
export function FictionalMark({ className }: { className: string }) {
  const settings = useSettings();
  const { t } = useTranslation();
  return (
    <span className={`fictional-mark ${className}`} title={settings.fictional_singular || undefined}>
      {settings.fictional_icon ? <span aria-hidden="true">{settings.fictional_icon}</span> : null}
      <span className="fictional-mark__word">{t('common.fictionalMark')}</span>
    </span>
  );
}
