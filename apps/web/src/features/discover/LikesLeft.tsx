import { useTranslation } from '../../app/translation.ts';
import { HeartIcon } from '../../ui/icons.tsx';
import './likes-left.css';

/** The likes-left line: a count while there are likes, the day's end at 0. */
export function LikesLeft({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  return (
    <p className={`heart-pill swipe-left ${count === 0 ? 'swipe-left--none' : ''}`} aria-live="polite">
      <HeartIcon size={18} />
      <span>
        {count === undefined
          ? '\u00a0'
          : count > 0
            ? t('swipe.likesLeft', { count })
            : t('swipe.noLikesLeft')}
      </span>
    </p>
  );
}
