import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { FictionalMark, FictionalWarning } from '../../ui/FictionalWarning.tsx';
import { HeartIcon, UserIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { mediaSrc } from '../../ui/media.ts';
import { likeMember, likesRoot, type MatchPartner } from './api.ts';
import '../../ui/member-tile.css';
import './match-modal.css';

/** The view's first action: "Send a message" (a link) in the match view, "Like back" before. */
const focusFirst = (actions: HTMLElement | null, isMatch: boolean) =>
  actions?.querySelector<HTMLElement>(isMatch ? 'a' : 'button')?.focus();

/**
 * The like match modal (spec §2): both photos side by side, the partner's leading to their profile,
 * and a way to write to them. It "closes on click anywhere": the photo and the buttons do their own
 * thing first (the links navigate, then the dialog closes); any other click, Escape or the close
 * button just closes it. Focus starts on the first action and returns where it was.
 *
 * It says what happened: `match` (both like each other) or `likedYou` (the partner liked the
 * member, the auto-like of spec §4): then it reads "{name} liked you" and offers "Like back", which
 * makes the match and turns the modal into the match view. A fictional partner carries the site's
 * mark on the photo and its warning, as on every other surface.
 */
export function MatchModal({
  partner,
  onClose,
  kind = 'match',
}: {
  partner: MatchPartner | null;
  onClose: () => void;
  kind?: 'match' | 'likedYou';
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const client = useQueryClient();
  const own = user?.profile.main_image;
  const ownSrc = own && own.status === 'active' ? mediaSrc(settings.cdn_prefix, own.thumb_filename) : null;
  // A like back turns "liked you" into a match (only what the server answered: its `match`).
  const [matched, setMatched] = useState(false);
  const [error, setError] = useState('');
  const open = partner !== null;
  const isMatch = kind === 'match' || matched;
  const close = () => {
    setMatched(false);
    setError('');
    onClose();
  };
  // Focus starts on the first action once the dialog is open (showModal runs after this mounts),
  // and moves to "Send a message" when a like back turns the modal into the match view: after
  // that render is committed, not in the mutation's callback (on a slow phone the frame could
  // come before the render and focus "Like back" just as it goes away, dropping focus).
  const actions = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => focusFirst(actions.current, isMatch));
    return () => cancelAnimationFrame(frame);
  }, [open, isMatch]);
  const likeBack = useMutation({
    mutationFn: (id: string) => likeMember(id),
    onSuccess: (res) => {
      if (!res.match) return close();
      setMatched(true); // "Send a message" replaces "Like back" and takes the focus (above)
    },
    onError: (err) => setError(errorText(err, t)),
    onSettled: () => void client.invalidateQueries({ queryKey: likesRoot }),
  });
  return (
    <Modal
      open={open}
      size="sm"
      className="match-modal"
      title={isMatch ? t('likes.matchTitle') : t('likes.likedYouTitle', { name: partner?.name ?? '' })}
      onClose={close}
      dismissOnClick
    >
      {partner ? (
        <>
          <div className="match-modal__photos">
            <span className="match-modal__photo">
              {ownSrc ? (
                <img src={ownSrc} alt={t('likes.yourPhoto')} width={160} height={200} />
              ) : (
                <span className="no-photo" role="img" aria-label={t('likes.yourPhoto')}>
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
                <span className="no-photo">
                  <UserIcon size={48} />
                  <span className="visually-hidden">{t('likes.viewProfile', { name: partner.name })}</span>
                </span>
              )}
              {partner.fictional ? <FictionalMark className="member-tile__fictional" /> : null}
            </Link>
          </div>
          <p className="match-modal__text">
            {isMatch
              ? t('likes.matchText', { name: partner.name })
              : t('likes.likedYouText', { name: partner.name })}
          </p>
          {partner.fictional ? <FictionalWarning className="match-modal__fictional" /> : null}
          {error ? (
            <p className="form-alert form-alert--error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="modal__actions" ref={actions}>
            {isMatch ? (
              <ButtonLink to={`/members/${partner.id}/chat`} size="lg" block>
                {t('likes.sendMessage')}
              </ButtonLink>
            ) : (
              <Button
                size="lg"
                block
                aria-disabled={likeBack.isPending || undefined}
                onClick={(e) => {
                  // The modal closes on any click; this one keeps it open for the answer.
                  e.stopPropagation();
                  if (!likeBack.isPending) likeBack.mutate(partner.id);
                }}
              >
                <HeartIcon size={20} />
                {t('likes.likeBack')}
              </Button>
            )}
            <Button variant="ghost" block>
              {t('likes.keepBrowsing')}
            </Button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
