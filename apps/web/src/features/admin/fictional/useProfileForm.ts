import type { AdminFictionalProfile, FictionalProfileInput } from '@amora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { createProfile, profileKey, profilesKey, updateProfile } from './api.ts';

const blank: FictionalProfileInput = {
  name: '',
  gender: 'female',
  seeking: 'male',
  birth_date: '1990-01-01',
  country: 'US',
  region: null,
  city: null,
  about: '',
  interests: [],
  hair_color: null,
  eye_color: null,
  body_type: null,
  relationship_status: null,
  fictional: true,
};

/**
 * A profile editor's values (a new profile's blank ones), its field errors and alert, whether it
 * was saved, and its submit: a new profile's page opens once it is created, and says so there.
 */
export function useProfileForm(profile: AdminFictionalProfile | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [v, setV] = useState<FictionalProfileInput>(() => {
    if (!profile) return blank;
    const { id: _id, conversations: _c, created_at: _t, ...rest } = profile;
    return rest;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [saved, setSaved] = useState(!!(useLocation().state as { saved?: boolean } | null)?.saved);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof FictionalProfileInput>(k: K, value: FictionalProfileInput[K]) =>
    setV((s) => ({ ...s, [k]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setSaved(false);
    try {
      const saved = profile ? await updateProfile(profile.id, v) : await createProfile(v);
      setErrors({});
      setAlert('');
      setSaved(true);
      client.setQueryData(profileKey(saved.id), saved);
      void client.invalidateQueries({ queryKey: profilesKey });
      if (!profile)
        navigate(`/admin/fictional/profiles/${saved.id}`, { replace: true, state: { saved: true } });
    } catch (err) {
      setErrors(err instanceof ApiError && err.fields ? err.fields : {});
      setAlert(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return { v, set, errors, alert, saved, busy, submit };
}
