import { errorText } from '../api/client.ts';
import { useTranslation } from '../app/translation.ts';
import { Button } from './Button.tsx';

/** A list that could not load: what went wrong, and a button to ask again. */
export function QueryError({
  query,
  className = 'card search-empty',
}: {
  query: { error: unknown; refetch: () => unknown };
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className} role="alert">
      <p>{errorText(query.error, t)}</p>
      <Button variant="secondary" onClick={() => void query.refetch()}>
        {t('search.retry')}
      </Button>
    </div>
  );
}
