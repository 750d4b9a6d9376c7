import { useTranslation } from '../app/translation.ts';

/** What a screen reader says while placeholders stand where content is loading. */
export function LoadingStatus() {
  const { t } = useTranslation();
  return (
    <p className="visually-hidden" role="status">
      {t('common.loading')}
    </p>
  );
}
