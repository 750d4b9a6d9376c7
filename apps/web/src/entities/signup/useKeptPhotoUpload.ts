import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { photoErrorText } from '../../ui/photo-errors.ts';
import { ownProfileKey, uploadPhoto } from '../member/api.ts';
import { takeSignupPhoto } from './signup-photo.ts';

/** 'checking' until this browser was looked at for a kept photo; 'none' when it holds none. */
export type KeptPhotoState =
  | { state: 'checking' | 'none' | 'uploading' | 'done' }
  | { state: 'failed'; message: string };

/** Addresses whose kept photo this tab has already looked for (one upload, however many mounts). */
const looked = new Set<string>();

/**
 * Uploads the photo chosen in signup step 1 once its member is logged in here (signup-photo.ts),
 * through the normal photo upload (the server's pipeline, limits and review); then it is forgotten.
 */
export function useKeptPhotoUpload(): KeptPhotoState {
  const { t } = useTranslation();
  const user = useUser();
  const client = useQueryClient();
  const [status, setStatus] = useState<KeptPhotoState>({ state: 'checking' });
  const email = user?.email;
  useEffect(() => {
    if (!email) return;
    if (looked.has(email)) {
      setStatus((s) => (s.state === 'checking' ? { state: 'none' } : s));
      return;
    }
    looked.add(email);
    let live = true;
    void (async () => {
      const file = await takeSignupPhoto(email);
      if (!file) {
        if (live) setStatus({ state: 'none' });
        return;
      }
      if (live) setStatus({ state: 'uploading' });
      try {
        await uploadPhoto(file);
        if (live) setStatus({ state: 'done' });
        void client.invalidateQueries({ queryKey: ownProfileKey });
        void client.invalidateQueries({ queryKey: ['user'] });
      } catch (err) {
        if (live) setStatus({ state: 'failed', message: photoErrorText(t, err, 3) });
      }
    })();
    return () => {
      live = false;
    };
  }, [email, client, t]);
  return status;
}
