import { useTranslation } from '../../app/translation.ts';
import type { UploadProgress } from './usePhotoUpload.ts';

/** What the photo section tells: the upload's progress or the last result (live), and what went wrong. */
export function PhotoFeedback({
  uploading,
  notice,
  errors,
}: {
  uploading: UploadProgress | null;
  notice: string;
  errors: string[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="photo-progress" role="status" aria-live="polite">
        {uploading ? (
          <>
            <span>
              {t('photos.uploading', { n: uploading.n, total: uploading.total, name: uploading.name })}
            </span>
            <span className="photo-progress__bar" aria-hidden="true">
              <span style={{ width: `${((uploading.n - 1) / uploading.total) * 100}%` }} />
            </span>
          </>
        ) : (
          notice
        )}
      </div>
      {errors.length ? (
        <div className="form-alert form-alert--error" role="alert">
          {errors.length === 1 ? (
            errors[0]
          ) : (
            <ul className="photo-errors">
              {errors.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same message may repeat for two files
                <li key={i}>{e}</li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </>
  );
}
