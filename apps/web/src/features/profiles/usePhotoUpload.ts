import type { OwnProfile } from '@amora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { ownProfileKey, uploadPhoto } from '../../entities/member/api.ts';
import { photoErrorText } from '../../ui/photo-errors.ts';
import { precheckPhoto } from '../../ui/photo-files.ts';
import { photoPolicyKeys } from './photo-policy.ts';
import type { PhotoContext } from './usePhotoFocus.ts';

/** Which file of a batch is on its way, for the progress line. */
export interface UploadProgress {
  n: number;
  total: number;
  name: string;
}

/**
 * Uploads the chosen files one after the other (spec §5: one file at a time, several may be
 * chosen), with the progress of the batch; a file the browser can already tell is wrong is not
 * sent, and the batch stops at the photo limit. Each stored photo shows at once; the words for
 * what went wrong are collected and told at the end.
 */
export function usePhotoUpload({ profile, setNotice, setErrors, focusNext }: PhotoContext): {
  uploading: UploadProgress | null;
  onFiles: (e: ChangeEvent<HTMLInputElement>) => void;
} {
  const { t } = useTranslation();
  const settings = useSettings();
  const client = useQueryClient();
  const [uploading, setUploading] = useState<UploadProgress | null>(null);
  const limit = profile.photo_limit;
  const current = () => client.getQueryData<OwnProfile>(ownProfileKey) ?? profile;

  async function uploadAll(files: File[]) {
    setErrors([]);
    setNotice('');
    const failed: string[] = [];
    let done = 0;
    let last: string | null = null;
    for (const [i, file] of files.entries()) {
      setUploading({ n: i + 1, total: files.length, name: file.name });
      const pre = precheckPhoto(file);
      if (pre) {
        failed.push(t('photos.failed', { file: file.name, message: t(`errors.${pre}`, { limit }) }));
        continue;
      }
      if (current().photos.length >= limit) {
        failed.push(t('errors.photo_limit', { limit }));
        break;
      }
      try {
        const photo = await uploadPhoto(file);
        done++;
        last = photo.id;
        client.setQueryData<OwnProfile>(ownProfileKey, (p) =>
          p ? { ...p, photos: [...p.photos, photo] } : p,
        );
      } catch (err) {
        failed.push(t('photos.failed', { file: file.name, message: photoErrorText(t, err, limit) }));
        if (err instanceof ApiError && err.code === 'photo_limit') break;
      }
    }
    setUploading(null);
    setErrors(failed);
    if (done) {
      setNotice(t(photoPolicyKeys(settings.photo_approval).uploaded, { count: done }));
      // Focus meets the new photo itself (its picture and status), not one of its buttons.
      focusNext.current = last ? { id: last, action: 'photo' } : null;
      // Completeness, the main photo and the navigation's thumbnail follow from the server.
      void client.invalidateQueries({ queryKey: ownProfileKey });
      void client.invalidateQueries({ queryKey: ['user'] });
    } else {
      focusNext.current = 'upload';
    }
  }

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length) void uploadAll(files);
  };

  return { uploading, onFiles };
}
