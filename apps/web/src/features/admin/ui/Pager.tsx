import { CONSOLE_LIST_PAGE } from '@amora/contracts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * A console list's pages: previous, "page N of M · total", next (next only while the server says
 * there is more). `size` is the list's page size (the total's page count).
 */
export function Pager({
  page,
  of: list,
  onPage,
  size = CONSOLE_LIST_PAGE,
}: {
  page: number;
  /** The page as the console's lists answer it: whether there is more, and how many in all. */
  of: { has_more: boolean; total?: number };
  onPage: (page: number) => void;
  /** Rows a page (the console's lists: CONSOLE_LIST_PAGE). */
  size?: number;
}) {
  const { t } = useTranslation();
  const { has_more: hasMore, total } = list;
  const pages = total !== undefined && size ? Math.max(1, Math.ceil(total / size)) : null;
  return (
    <nav className="adm-pager" aria-label={t('admin.members.pages')}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin.members.prev')}
      </Button>
      <span>
        {pages === null
          ? t('admin.members.page', { page })
          : t('admin.members.pageOf', { page, pages, count: total })}
      </span>
      <Button variant="secondary" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('admin.members.next')}
      </Button>
    </nav>
  );
}
