import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../app/translation.ts';
import { signupPhoto, useSignupPhoto } from '../../entities/signup/signup-photo.ts';
import { Button } from '../../ui/Button.tsx';
import { CameraIcon } from '../../ui/icons.tsx';
import { PHOTO_ACCEPT, precheckPhoto } from '../../ui/photo-files.ts';

/**
 * Step 1: a photo (spec §4), skippable. The file stays in this browser and goes through the normal
 * photo upload once the new member is logged in here (signup-photo.ts); a file the browser can
 * already tell is wrong is refused at once, with the reason.
 */
export function PhotoStep() {
  const { t } = useTranslation();
  const file = useSignupPhoto();
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <div className="signup-photo">
      <div className="signup-photo__frame">
        {preview ? (
          <img src={preview} alt={t('signup.photo.previewAlt')} />
        ) : (
          <CameraIcon size={40} className="signup-photo__placeholder" />
        )}
      </div>
      <div className="signup-photo__controls">
        <label className="btn btn--secondary signup-photo__choose">
          <input
            type="file"
            accept={PHOTO_ACCEPT}
            className="visually-hidden"
            aria-describedby={`${id}-hint ${id}-error`}
            onChange={(e) => {
              const picked = e.target.files?.[0] ?? null;
              e.target.value = '';
              if (!picked) return;
              const wrong = precheckPhoto(picked);
              setError(wrong ? t(`errors.${wrong}`) : null);
              if (!wrong) signupPhoto.set(picked);
            }}
          />
          <CameraIcon size={20} />
          {file ? t('signup.photo.change') : t('signup.photo.choose')}
        </label>
        {file ? (
          <Button variant="ghost" size="sm" onClick={() => signupPhoto.set(null)}>
            {t('signup.photo.remove')}
          </Button>
        ) : null}
        <p id={`${id}-hint`} className="field__hint">
          {t('signup.photo.hint')}
        </p>
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      </div>
    </div>
  );
}
