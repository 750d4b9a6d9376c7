import type { OwnPhoto } from '@amora/contracts';
import type { ReactNode } from 'react';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { ArrowLeftIcon, ArrowRightIcon, StarIcon, TrashIcon } from '../../ui/icons.tsx';
import { mediaSrc } from '../../ui/media.ts';
import { moveRoom } from './photo-order.ts';
import { photoPolicyKeys } from './photo-policy.ts';
import type { PhotoAction } from './usePhotoFocus.ts';
import './photo-tile.css';

function IconAction({
  label,
  action,
  onClick,
  disabled,
  children,
  tone,
}: {
  label: string;
  action: PhotoAction;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  tone?: 'danger';
}) {
  return (
    <button
      type="button"
      className={`icon-button ${tone ? `icon-button--${tone}` : ''}`}
      data-action={action}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

/** One own photo: its picture, review status and main mark, and its move, main and delete buttons. */
export function PhotoTile({
  photo: p,
  index: i,
  count,
  pinned,
  busy,
  alt,
  onMove,
  onMakeMain,
  onDelete,
}: {
  photo: OwnPhoto;
  index: number;
  /** How many photos there are (the last one cannot move right). */
  count: number;
  /** 1 when the first photo is the main one, which stays first. */
  pinned: number;
  /** The photo whose call is on its way, if any: every button waits for it. */
  busy: string | null;
  alt: string;
  onMove: (delta: -1 | 1) => void;
  onMakeMain: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  // A photo held back beyond the free limit (premium ended) says so whatever its review status.
  const status = t(
    p.locked
      ? 'photos.status.held'
      : p.status === 'active'
        ? photoPolicyKeys(settings.photo_approval).active
        : `photos.status.${p.status}`,
  );
  return (
    <li className="photo-tile" data-photo-id={p.id} aria-busy={busy === p.id || undefined}>
      {/* Focusable from script only: where focus meets a photo just uploaded (usePhotoFocus). */}
      <figure className="photo-tile__frame" tabIndex={-1} aria-label={`${alt}: ${status}`}>
        <img src={mediaSrc(settings.cdn_prefix, p.thumb)} alt={alt} width={240} height={300} />
        <span className={`photo-status photo-status--${p.locked ? 'held' : p.status}`}>{status}</span>
        {p.is_main ? (
          <span className="photo-main">
            <StarIcon size={14} />
            {t('photos.main')}
          </span>
        ) : null}
      </figure>
      <div className="photo-tile__actions">
        <IconAction
          action="left"
          label={t('photos.moveLeft', { n: i + 1 })}
          disabled={!moveRoom(i, count, pinned).left || !!busy}
          onClick={() => onMove(-1)}
        >
          <ArrowLeftIcon size={18} />
        </IconAction>
        <IconAction
          action="right"
          label={t('photos.moveRight', { n: i + 1 })}
          disabled={!moveRoom(i, count, pinned).right || !!busy}
          onClick={() => onMove(1)}
        >
          <ArrowRightIcon size={18} />
        </IconAction>
        <IconAction
          action="main"
          label={t('photos.makeMain', { n: i + 1 })}
          disabled={p.is_main || p.status === 'rejected' || !!busy}
          onClick={onMakeMain}
        >
          <StarIcon size={18} />
        </IconAction>
        <IconAction
          action="delete"
          tone="danger"
          label={t('photos.delete', { n: i + 1 })}
          disabled={!!busy}
          onClick={onDelete}
        >
          <TrashIcon size={18} />
        </IconAction>
      </div>
    </li>
  );
}
