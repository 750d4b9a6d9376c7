import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../app/translation.ts';
import { fetchMyNotices, myNoticesKey } from './api.ts';
import './moderation.css';

/**
 * The member's own restrictions in force (a removed photo, a hidden profile), each with its reason
 * and the way to its statement of reasons and appeal: shown above the photo manager (spec §8
 * 'picture deleted' notices).
 */
export function ModerationNotices() {
  const { t } = useTranslation();
  const notices = useQuery({ queryKey: myNoticesKey, queryFn: ({ signal }) => fetchMyNotices(signal) });
  const list = notices.data?.notices ?? [];
  if (!list.length) return null;
  return (
    <section className="moderation-notices" aria-label={t('moderation.notice.title')}>
      {list.map((n) => (
        <div key={n.id} className="moderation-notice" role="note">
          {n.photo_thumb ? <img src={n.photo_thumb} alt="" width={48} height={60} /> : null}
          <div>
            <p className="moderation-notice__title">
              {n.action === 'remove_photo'
                ? t('moderation.photoNotices.title')
                : t(`moderation.actions.${n.action}`)}
            </p>
            {n.category ? (
              <p>{t('moderation.photoNotices.text', { reason: t(`moderation.categories.${n.category}`) })}</p>
            ) : null}
            <Link to={`/notice/${n.token}`}>{t('moderation.photoNotices.open')}</Link>
          </div>
        </div>
      ))}
    </section>
  );
}
