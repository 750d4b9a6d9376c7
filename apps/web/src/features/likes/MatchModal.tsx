import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings, useUser } from '../../api/queries.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { HeartIcon, UserIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { mediaSrc } from '../accounts/media.ts';
import type { MatchPartner } from './api.ts';
import './match-modal.css';

/**
 * The like match modal (spec §2): both photos side by side, the partner's leading to their profile,
 * and a way to write to them. It "closes on click anywhere": the photo and the button are links
 * of their own (they navigate, then the dialog closes); any other click, Escape or the close
 * button just closes it. Focus starts on "Send a message" and returns where it was.
 */
export function MatchModal({ partner, onClose }: { partner: MatchPartner | null; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const own = user?.profile.main_image;
  const ownSrc = own && own.status === 'active' ? mediaSrc(settings.cdn_prefix, own.thumb_filename) : null;
  // Focus starts on "Send a message" once the dialog is open (showModal runs after this mounts).
  const actions = useRef<HTMLDivElement>(null);
  const open = partner !== null;
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => actions.current?.querySelector<HTMLElement>('a')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  return (
    <Modal
      open={open}
      size="sm"
      className="match-modal"
      title={t('likes.matchTitle')}
      closeLabel={t('common.close')}
      onClose={onClose}
      dismissOnClick
    >
      {partner ? (
        <>
          <div className="match-modal__photos">
            <span className="match-modal__photo">
              {ownSrc ? (
                <img src={ownSrc} alt={t('likes.yourPhoto')} width={160} height={200} />
              ) : (
                <span className="match-modal__empty" role="img" aria-label={t('likes.yourPhoto')}>
                  <UserIcon size={48} />
                </span>
              )}
            </span>
            <span className="match-modal__heart" aria-hidden="true">
              <HeartIcon size={26} />
            </span>
            <Link to={`/members/${partner.id}`} className="match-modal__photo match-modal__photo--link">
              {partner.main_image ? (
                <img
                  src={mediaSrc(settings.cdn_prefix, partner.main_image)}
                  alt={t('likes.viewProfile', { name: partner.name })}
                  width={160}
                  height={200}
                />
              ) : (
                <span className="match-modal__empty">
                  <UserIcon size={48} />
                  <span className="visually-hidden">{t('likes.viewProfile', { name: partner.name })}</span>
                </span>
              )}
            </Link>
          </div>
          <p className="match-modal__text">{t('likes.matchText', { name: partner.name })}</p>
          <div className="modal__actions" ref={actions}>
            <ButtonLink to={`/members/${partner.id}/chat`} size="lg" block>
              {t('likes.sendMessage')}
            </ButtonLink>
            <Button variant="ghost" block>
              {t('likes.keepBrowsing')}
            </Button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
