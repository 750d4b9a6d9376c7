import type { MemberProfile, Photo } from '@amora/contracts';
import { useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { useLoginHref } from '../../entities/session/login-href.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { LockIcon, UserIcon } from '../../ui/icons.tsx';
import { mediaSrc } from '../../ui/media.ts';
import { photoAttrs, SIZES } from '../../ui/photo.ts';

/** The lock on a premium photo: why it is blurred and the way to see it. */
function LockOverlay({ visitor }: { visitor: boolean }) {
  const { t } = useTranslation();
  const loginHref = useLoginHref();
  return (
    <div className="gallery__lock">
      <LockIcon size={30} />
      <p>{visitor ? t('errors.login_to_see_photos') : t('errors.premium_photo')}</p>
      {visitor ? (
        <ButtonLink to={loginHref} variant="light" size="sm">
          {t('nav.login')}
        </ButtonLink>
      ) : (
        <ButtonLink to="/premium" variant="light" size="sm">
          {t('nav.getPremium')}
        </ButtonLink>
      )}
    </div>
  );
}

/** Main photo large, thumbnails below; locked photos arrive blurred from the server and carry a lock. */
export function MemberGallery({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const photos: Photo[] = member.photos.length
    ? member.photos
    : member.main_image
      ? [{ id: 'main', url: member.main_image, thumb: member.main_image, is_main: true, locked: false }]
      : [];
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      photos.findIndex((p) => p.is_main),
    ),
  );
  const current = photos[Math.min(index, photos.length - 1)];
  const visitor = member.viewer === 'visitor';
  if (!current) {
    return (
      <div className="gallery">
        <div className="gallery__main gallery__main--empty">
          <UserIcon size={96} />
          <p>{t('member.noPhotos')}</p>
        </div>
      </div>
    );
  }
  const n = photos.indexOf(current) + 1;
  return (
    <div className="gallery">
      <figure className={`gallery__main ${current.locked ? 'gallery__main--locked' : ''}`}>
        <img
          {...photoAttrs(mediaSrc(settings.cdn_prefix, current.url), SIZES.gallery)}
          alt={t('member.photoAlt', { n, name: member.name })}
          width={960}
          height={1200}
        />
        {current.locked ? <LockOverlay visitor={visitor} /> : null}
        {photos.length > 1 ? (
          <figcaption className="gallery__counter">
            {t('member.photoCounter', { n, total: photos.length })}
          </figcaption>
        ) : null}
      </figure>
      {photos.length > 1 ? (
        <ul className="gallery__thumbs" aria-label={t('member.photos')}>
          {photos.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-current={i + 1 === n ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <img
                  loading="lazy"
                  {...photoAttrs(mediaSrc(settings.cdn_prefix, p.thumb), SIZES.thumb)}
                  alt=""
                  width={96}
                  height={120}
                />
                {p.locked ? <LockIcon size={18} className="gallery__thumb-lock" /> : null}
                <span className="visually-hidden">
                  {t('member.showPhoto', { n: i + 1 })}
                  {p.locked ? ` (${t('member.locked')})` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
