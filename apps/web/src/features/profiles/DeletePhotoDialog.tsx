import type { OwnPhoto } from '@amora/contracts';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { mediaSrc } from '../../ui/media.ts';

/** Deleting a photo asks first, showing which one; while the delete is on its way it cannot be closed. */
export function DeletePhotoDialog({
  photo: confirmDelete,
  busy,
  onConfirm,
  onCancel,
}: {
  photo: OwnPhoto | null;
  busy: boolean;
  onConfirm: (photo: OwnPhoto) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Modal
      open={confirmDelete !== null}
      size="sm"
      title={t('photos.deleteTitle')}
      onClose={busy ? undefined : onCancel}
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
          busy={busy}
          onClick={() => confirmDelete && onConfirm(confirmDelete)}
        >
          {t('photos.deleteConfirm')}
        </Button>
        <Button variant="ghost" block autoFocus disabled={busy} onClick={onCancel}>
          {t('photos.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
