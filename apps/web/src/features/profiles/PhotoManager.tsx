import type { OwnPhoto, OwnProfile } from '@amora/contracts';
import { PHOTO_LIMITS } from '@amora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSettings } from '../../api/queries.ts';
import { Button } from '../../ui/Button.tsx';
import { ArrowLeftIcon, ArrowRightIcon, CameraIcon, StarIcon, TrashIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { mediaSrc } from '../accounts/media.ts';
import { deletePhoto, ownProfileKey, reorderPhotos, setMainPhoto, uploadPhoto } from './api.ts';
import { PHOTO_ACCEPT, precheckPhoto } from './photo-files.ts';
import { applyOrder, movePhoto, moveRoom, photoRoom } from './photo-order.ts';
import { useSetOwnProfile } from './queries.ts';

const PHOTO_CODES = ['photo_invalid', 'photo_too_large', 'photo_too_many_pixels', 'photo_limit'];

/** The words for a failed photo call: the server's (already translated) or ours for the code. */
export function photoErrorText(t: TFunction, err: unknown, limit: number): string {
  if (err instanceof ApiError) {
    if (err.status === 413) return err.message || t('errors.photo_too_large');
    if (err.message) return err.message;
    if (PHOTO_CODES.includes(err.code)) return t(`errors.${err.code}`, { limit });
  }
  return t('errors.generic');
}

type Action = 'left' | 'right' | 'main' | 'delete';

function IconAction({
  label,
  action,
  onClick,
  disabled,
  children,
  tone,
}: {
  label: string;
  action: Action;
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

/**
 * The own photos (spec §5 limits 3 free / 25 premium): upload one file at a time (several may be
 * chosen: they go one after the other), status badges, main photo, order with move buttons (no
 * drag-only interaction), delete after a confirm. Focus lands on the photo that was touched.
 */
export function PhotoManager({ profile, paid }: { profile: OwnProfile; paid: boolean }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const client = useQueryClient();
  const setProfile = useSetOwnProfile();
  const [uploading, setUploading] = useState<{ n: number; total: number; name: string } | null>(null);
  const [notice, setNotice] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<OwnPhoto | null>(null);
  const gridRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Where focus goes once the grid has re-rendered: a photo (and which of its buttons), or the upload control. */
  const focusNext = useRef<{ id: string; action?: Action } | 'upload' | null>(null);

  const photos = profile.photos;
  const limit = profile.photo_limit;
  const room = photoRoom(photos.length, limit);
  const premium = paid || limit > PHOTO_LIMITS.free;
  // The main photo always comes first (the server keeps it there); the others can be ordered.
  const pinned = photos[0]?.is_main ? 1 : 0;
  const current = () => client.getQueryData<OwnProfile>(ownProfileKey) ?? profile;

  useEffect(() => {
    const target = focusNext.current;
    if (!target || confirmDelete) return;
    if (target === 'upload') {
      focusNext.current = null;
      inputRef.current?.focus();
      return;
    }
    // The tile and its buttons may only be ready a render later (refetch, busy state): keep the
    // wish until they are, since this effect runs after every render.
    const tile = gridRef.current?.querySelector<HTMLElement>(`[data-photo-id="${target.id}"]`);
    const buttons = [...(tile?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    if (buttons.length === 0) return;
    focusNext.current = null;
    const wanted = target.action ? buttons.find((b) => b.dataset.action === target.action) : undefined;
    (wanted ?? buttons[0])!.focus();
  });

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
      setNotice(t('photos.uploaded', { count: done }));
      focusNext.current = last ? { id: last } : null;
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

  async function run(
    photo: OwnPhoto,
    action: Action,
    call: () => Promise<OwnProfile>,
    success: (p: OwnProfile) => string,
  ) {
    setBusy(photo.id);
    setErrors([]);
    setNotice('');
    try {
      const next = await call();
      setProfile(next);
      setNotice(success(next));
      focusNext.current = next.photos.some((p) => p.id === photo.id) ? { id: photo.id, action } : null;
    } catch (err) {
      setErrors([photoErrorText(t, err, limit)]);
      void client.invalidateQueries({ queryKey: ownProfileKey });
    } finally {
      setBusy(null);
    }
  }

  const move = (photo: OwnPhoto, index: number, delta: -1 | 1) => {
    const ids = movePhoto(
      photos.map((p) => p.id),
      index,
      delta,
      pinned,
    );
    // The new order shows at once; the server's answer replaces it (or the old order comes back).
    client.setQueryData<OwnProfile>(ownProfileKey, (p) =>
      p ? { ...p, photos: applyOrder(p.photos, ids) } : p,
    );
    focusNext.current = { id: photo.id, action: delta < 0 ? 'left' : 'right' };
    void run(
      photo,
      delta < 0 ? 'left' : 'right',
      () => reorderPhotos(ids),
      (next) => {
        const at = next.photos.findIndex((p) => p.id === photo.id) + 1;
        return t('photos.moved', { n: at, total: next.photos.length });
      },
    );
  };

  const remove = async (photo: OwnPhoto) => {
    const index = photos.findIndex((p) => p.id === photo.id);
    const neighbour = photos[index + 1] ?? photos[index - 1];
    setBusy(photo.id);
    setErrors([]);
    setNotice('');
    try {
      setProfile(await deletePhoto(photo.id));
      setNotice(t('photos.deleted'));
      focusNext.current = neighbour ? { id: neighbour.id } : 'upload';
    } catch (err) {
      setErrors([photoErrorText(t, err, limit)]);
    } finally {
      setBusy(null);
      setConfirmDelete(null);
    }
  };

  const alt = (n: number) => t('member.photoAlt', { n, name: profile.name });

  return (
    <section className="card profile-section" aria-labelledby="photos-title">
      <div className="profile-section__head">
        <h2 id="photos-title" className="profile-section__title">
          {t('photos.title')}
        </h2>
        <p className="photo-count">{t('photos.count', { n: photos.length, limit })}</p>
      </div>
      <p className="muted">{t('photos.lead')}</p>

      <div className="photo-upload-row">
        <label className={`btn btn--primary photo-upload ${room.full || uploading ? 'is-disabled' : ''}`}>
          <input
            ref={inputRef}
            type="file"
            accept={PHOTO_ACCEPT}
            multiple
            className="photo-upload__input"
            disabled={room.full || !!uploading}
            aria-describedby="photo-upload-hint"
            onChange={onFiles}
          />
          {uploading ? <span className="btn__spinner" aria-hidden="true" /> : <CameraIcon size={20} />}
          {t('photos.add')}
        </label>
        <p id="photo-upload-hint" className="field__hint">
          {room.full ? t('errors.photo_limit', { limit }) : t('photos.addHint')}
        </p>
      </div>
      {room.full && !premium ? (
        <p className="form-alert form-alert--info photo-premium">
          {t('photos.premiumHint', { limit: PHOTO_LIMITS.premium })}{' '}
          <Link to="/premium">{t('nav.getPremium')}</Link>
        </p>
      ) : null}

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

      {photos.length ? (
        <ul className="photo-grid" ref={gridRef} aria-label={t('photos.title')}>
          {photos.map((p, i) => (
            <li key={p.id} className="photo-tile" data-photo-id={p.id} aria-busy={busy === p.id || undefined}>
              <div className="photo-tile__frame">
                <img src={mediaSrc(settings.cdn_prefix, p.thumb)} alt={alt(i + 1)} width={240} height={300} />
                <span className={`photo-status photo-status--${p.status}`}>
                  {t(`photos.status.${p.status}`)}
                </span>
                {p.is_main ? (
                  <span className="photo-main">
                    <StarIcon size={14} />
                    {t('photos.main')}
                  </span>
                ) : null}
              </div>
              <div className="photo-tile__actions">
                <IconAction
                  action="left"
                  label={t('photos.moveLeft', { n: i + 1 })}
                  disabled={!moveRoom(i, photos.length, pinned).left || !!busy}
                  onClick={() => move(p, i, -1)}
                >
                  <ArrowLeftIcon size={18} />
                </IconAction>
                <IconAction
                  action="right"
                  label={t('photos.moveRight', { n: i + 1 })}
                  disabled={!moveRoom(i, photos.length, pinned).right || !!busy}
                  onClick={() => move(p, i, 1)}
                >
                  <ArrowRightIcon size={18} />
                </IconAction>
                <IconAction
                  action="main"
                  label={t('photos.makeMain', { n: i + 1 })}
                  disabled={p.is_main || p.status === 'rejected' || !!busy}
                  onClick={() =>
                    void run(
                      p,
                      'main',
                      () => setMainPhoto(p.id),
                      () => t('photos.mainSet', { n: i + 1 }),
                    )
                  }
                >
                  <StarIcon size={18} />
                </IconAction>
                <IconAction
                  action="delete"
                  tone="danger"
                  label={t('photos.delete', { n: i + 1 })}
                  disabled={!!busy}
                  onClick={() => setConfirmDelete(p)}
                >
                  <TrashIcon size={18} />
                </IconAction>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="photo-empty">{t('photos.empty')}</p>
      )}

      <Modal
        open={confirmDelete !== null}
        size="sm"
        title={t('photos.deleteTitle')}
        closeLabel={t('common.close')}
        onClose={busy ? undefined : () => setConfirmDelete(null)}
      >
        {confirmDelete ? (
          <img
            className="photo-confirm__img"
            src={mediaSrc(settings.cdn_prefix, confirmDelete.thumb)}
            alt=""
            width={120}
            height={150}
          />
        ) : null}
        <p>{t('photos.deleteText')}</p>
        <div className="modal__actions">
          <Button
            variant="danger"
            size="lg"
            block
            busy={!!busy}
            onClick={() => confirmDelete && void remove(confirmDelete)}
          >
            {t('photos.deleteConfirm')}
          </Button>
          <Button variant="ghost" block autoFocus disabled={!!busy} onClick={() => setConfirmDelete(null)}>
            {t('photos.cancel')}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
