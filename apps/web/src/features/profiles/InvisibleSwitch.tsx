import type { OwnProfile } from '@amora/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useTranslation } from '../../app/translation.ts';
import { setInvisible } from '../../entities/member/api.ts';
import { useSetOwnProfile } from '../../entities/member/queries.ts';
import { EyeOffIcon } from '../../ui/icons.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import '../../ui/switch.css';
import './profile-section.css';
import './invisible-switch.css';

/**
 * Invisible mode (spec §6): hidden from search, cannot be messaged or liked first. A real switch
 * (role="switch", aria-checked) saved at once with PUT /api/account/invisible.
 */
export function InvisibleSwitch({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const id = useId();
  const setProfile = useSetOwnProfile();
  const [status, setStatus] = useState('');
  const toggle = useMutation({
    mutationFn: setInvisible,
    onSuccess: (p) => {
      setProfile(p, false);
      setStatus(p.invisible ? t('profileEdit.invisible.on') : t('profileEdit.invisible.off'));
    },
  });
  const on = toggle.isPending ? (toggle.variables ?? profile.invisible) : profile.invisible;
  const error = toggle.error;
  return (
    <TitledSection
      id={`${id}-title`}
      className="card profile-section"
      titleClassName="profile-section__title"
      title={
        <>
          <EyeOffIcon size={22} />
          {t('profileEdit.invisible.title')}
        </>
      }
    >
      <div className="switch-row">
        <p id={`${id}-text`} className="muted switch-row__text">
          {t('profileEdit.invisible.text')}
        </p>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-describedby={`${id}-text`}
          className="switch"
          disabled={toggle.isPending}
          onClick={() => {
            setStatus('');
            toggle.mutate(!profile.invisible);
          }}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__label">{t('profileEdit.invisible.label')}</span>
        </button>
      </div>
      <p className="switch-row__status" role="status">
        {status}
      </p>
      {error ? (
        <p className="field__error" role="alert">
          {errorText(error, t)}
        </p>
      ) : null}
    </TitledSection>
  );
}
