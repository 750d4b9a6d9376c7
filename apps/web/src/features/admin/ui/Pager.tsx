import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';

/** A console list's pages: previous, "page N", next (next only while the server says there is more). */
export function Pager({
  page,
  hasMore,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="adm-pager" aria-label={t('admin.members.pages')}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin.members.prev')}
      </Button>
      <span>{t('admin.members.page', { page })}</span>
      <Button variant="secondary" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('admin.members.next')}
      </Button>
    </nav>
  );
}
