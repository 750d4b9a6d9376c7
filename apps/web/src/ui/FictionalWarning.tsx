import { useSettings } from '../api/queries.ts';

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
 * The icon that marks a fictional chat partner wherever they appear (tiles, swipe cards, the chat
 * list and header), named for screen readers by the site's word for it.
 */
export function FictionalMark({ className }: { className: string }) {
  const settings = useSettings();
  if (!settings.fictional_icon) return null;
  return (
    <span className={className} title={settings.fictional_singular || undefined}>
      <span aria-hidden="true">{settings.fictional_icon}</span>
      <span className="visually-hidden">{settings.fictional_singular}</span>
    </span>
  );
}
