import type { AdminFictionalProfile } from '@amora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { FormAlert } from '../../../ui/fields.tsx';
import { addProfilePhoto, profileKey } from './api.ts';

/** The profile's photos and an upload (the members' pipeline: checked, re-encoded, no metadata). */
export function ProfilePhotos({ profile }: { profile: AdminFictionalProfile }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      client.setQueryData(profileKey(profile.id), await addProfilePhoto(profile.id, file));
      setAlert('');
    } catch (err) {
      setAlert(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="adm-sites__group" aria-busy={busy}>
      <h2>{t('admin.fictional.photos')}</h2>
      <FormAlert>{alert}</FormAlert>
      {profile.photos.length ? (
        <ul className="adm-sites__facts" aria-label={t('admin.fictional.photos')}>
          {profile.photos.map((p, i) => (
            <li key={p.id}>
              <img src={p.url} alt={t('admin.fictional.photoN', { n: i + 1 })} width={96} height={120} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="adm-muted">{t('admin.fictional.noPhotos')}</p>
      )}
      <label className="field">
        <span className="field__label">{t('admin.fictional.addPhoto')}</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic"
          disabled={busy}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
    </div>
  );
}
