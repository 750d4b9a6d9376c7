import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../app/translation.ts';
import { ArrowLeftIcon } from '../../ui/icons.tsx';

/** Back to the search the member came from (its pages and scroll position), or to /members. */
export function BackToSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (location.key === 'default' || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    void navigate(-1);
  };
  return (
    <Link to="/members" className="back-link" onClick={onClick}>
      <ArrowLeftIcon size={18} />
      {t('member.backToSearch')}
    </Link>
  );
}
