import { PHOTO_LIMITS } from '@amora/contracts/rules';
import type { ChangeEvent, RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/translation.ts';
import { CameraIcon } from '../../ui/icons.tsx';
import { PHOTO_ACCEPT } from '../../ui/photo-files.ts';

/**
 * The upload control (a file input styled as a button, several files at once), its hint, and at
 * the free limit the way to premium's larger one.
 */
export function PhotoUpload({
  inputRef,
  full,
  uploading,
  premium,
  limit,
  onFiles,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  /** No room for another photo. */
  full: boolean;
  uploading: boolean;
  premium: boolean;
  limit: number;
  onFiles: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="photo-upload-row">
        <label className={`btn btn--primary photo-upload ${full || uploading ? 'is-disabled' : ''}`}>
          <input
            ref={inputRef}
            type="file"
            accept={PHOTO_ACCEPT}
            multiple
            className="photo-upload__input"
            disabled={full || uploading}
            aria-describedby="photo-upload-hint"
            onChange={onFiles}
          />
          {uploading ? <span className="btn__spinner" aria-hidden="true" /> : <CameraIcon size={20} />}
          {t('photos.add')}
        </label>
        <p id="photo-upload-hint" className="field__hint">
          {full ? t('errors.photo_limit', { limit }) : t('photos.addHint')}
        </p>
      </div>
      {full && !premium ? (
        <p className="form-alert form-alert--info photo-premium">
          {t('photos.premiumHint', { limit: PHOTO_LIMITS.premium })}{' '}
          <Link to="/premium">{t('nav.getPremium')}</Link>
        </p>
      ) : null}
    </>
  );
}
