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
