import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/translation.ts';
import { geocode } from '../../entities/member/api.ts';
import {
  type GeoPermission,
  lookupPlace,
  type Place,
  permissionFrom,
} from '../../entities/member/geocode.ts';
import { Button } from '../../ui/Button.tsx';
import { LocateIcon } from '../../ui/icons.tsx';

export interface LocationOutcome {
  tone: 'success' | 'error' | 'info';
  text: string;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The geolocation permission (spec §3: granted, denied, prompt, unsupported, unknown), kept current. */
function useGeoPermission(): [GeoPermission, (p: GeoPermission) => void] {
  const [permission, setPermission] = useState<GeoPermission>('unknown');
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setPermission('unsupported');
      return;
    }
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const update = () => {
      if (status) setPermission(permissionFrom(status.state, true));
    };
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((s) => {
        if (cancelled) return;
        status = s;
        update();
        s.addEventListener('change', update);
      })
      .catch(() => setPermission('unknown'));
    return () => {
      cancelled = true;
      status?.removeEventListener('change', update);
    };
  }, []);
  return [permission, setPermission];
}

/**
 * "Use my location": the browser's position -> GET /api/geocode.php (rounded, cached for an hour)
 * -> `onPlace` fills the fields. Nothing is saved here: the member reviews and saves. On failure or
 * refusal the fields stay as they were and a message says why.
 */
export function LocationButton({ onPlace }: { onPlace: (place: Place) => LocationOutcome }) {
  const { t } = useTranslation();
  const [permission, setPermission] = useGeoPermission();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<LocationOutcome | null>(null);

  const locate = () => {
    setOutcome(null);
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      async (pos) => {
        setPermission('granted');
        const place = await lookupPlace(
          pos.coords.latitude,
          pos.coords.longitude,
          geocode,
          safeLocalStorage(),
        );
        setOutcome(place === false ? { tone: 'error', text: t('location.failed') } : onPlace(place));
        setBusy(false);
      },
      (err) => {
        if (err.code === err.PERMISSION_DENIED) {
          setPermission('denied');
          setOutcome({ tone: 'error', text: t('location.denied') });
        } else {
          setOutcome({ tone: 'error', text: t('location.unavailable') });
        }
        setBusy(false);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  };

  if (permission === 'unsupported') {
    return <p className="field__hint location__hint">{t('location.unsupported')}</p>;
  }
  return (
    <div className="location">
      <Button variant="secondary" size="sm" busy={busy} onClick={locate} aria-describedby="location-hint">
        <LocateIcon size={18} />
        {busy ? t('location.locating') : t('location.use')}
      </Button>
      <p id="location-hint" className="field__hint location__hint">
        {permission === 'denied' && !outcome ? t('location.denied') : t('location.hint')}
      </p>
      <p className="location__outcome location__outcome--success" role="status">
        {outcome && outcome.tone !== 'error' ? outcome.text : null}
      </p>
      <p className="location__outcome location__outcome--error" role="alert">
        {outcome?.tone === 'error' ? outcome.text : null}
      </p>
    </div>
  );
}
