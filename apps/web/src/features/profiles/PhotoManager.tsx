import type { OwnPhoto, OwnProfile } from '@amora/contracts';
import { PHOTO_LIMITS } from '@amora/contracts/rules';
import { useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { ModerationNotices } from '../../entities/moderation/ModerationNotices.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { DeletePhotoDialog } from './DeletePhotoDialog.tsx';
import { PhotoFeedback } from './PhotoFeedback.tsx';
import { PhotoTile } from './PhotoTile.tsx';
import { PhotoUpload } from './PhotoUpload.tsx';
import { photoRoom } from './photo-order.ts';
import { photoPolicyKeys } from './photo-policy.ts';
import { usePhotoActions } from './usePhotoActions.ts';
import { usePhotoFocus } from './usePhotoFocus.ts';
import { usePhotoUpload } from './usePhotoUpload.ts';
import './profile-section.css';
import './photos.css';

/**
 * The own photos (spec §5 limits 3 free / 25 premium): upload one file at a time (several may be
 * chosen: they go one after the other), status badges, main photo, order with move buttons (no
 * drag-only interaction), delete after a confirm. Focus lands on the photo that was touched.
 */
export function PhotoManager({ profile, paid }: { profile: OwnProfile; paid: boolean }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [notice, setNotice] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState<OwnPhoto | null>(null);
  const { gridRef, inputRef, focusNext } = usePhotoFocus(confirmDelete !== null);
  const { uploading, onFiles } = usePhotoUpload({ profile, setNotice, setErrors, focusNext });
  const { busy, pinned, move, makeMain, remove } = usePhotoActions({
    profile,
    setNotice,
    setErrors,
    focusNext,
    onDeleteSettled: () => setConfirmDelete(null),
  });

  const photos = profile.photos;
  const limit = profile.photo_limit;
  // Photos held back after premium ended (locked) do not count against the free limit.
  const shown = photos.filter((p) => !p.locked).length;
  const room = photoRoom(shown, limit);
  const premium = paid || limit > PHOTO_LIMITS.free;
  const alt = (n: number) => t('member.photoAlt', { n, name: profile.name });

  return (
    <TitledSection
      id="photos-title"
      className="card profile-section"
      titleClassName="profile-section__title"
      title={t('photos.title')}
      aside={<p className="photo-count">{t('photos.count', { n: shown, limit })}</p>}
    >
      <p className="muted">{t(photoPolicyKeys(settings.photo_approval).lead)}</p>
      <ModerationNotices />

      <PhotoUpload
        inputRef={inputRef}
        full={room.full}
        uploading={!!uploading}
        premium={premium}
        limit={limit}
        onFiles={onFiles}
      />
      <PhotoFeedback uploading={uploading} notice={notice} errors={errors} />

      {photos.length ? (
        <ul className="photo-grid" ref={gridRef} aria-label={t('photos.title')}>
          {photos.map((p, i) => (
            <PhotoTile
              key={p.id}
              photo={p}
              index={i}
              count={photos.length}
              pinned={pinned}
              busy={busy}
              alt={alt(i + 1)}
              onMove={(delta) => move(p, i, delta)}
              onMakeMain={() => makeMain(p, i + 1)}
              onDelete={() => setConfirmDelete(p)}
            />
          ))}
        </ul>
      ) : (
        <p className="photo-empty">{t('photos.empty')}</p>
      )}

      <DeletePhotoDialog
        photo={confirmDelete}
        busy={!!busy}
        onConfirm={remove}
        onCancel={() => setConfirmDelete(null)}
      />
    </TitledSection>
  );
}
