import type { OwnPhoto, OwnProfile } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../app/translation.ts';
import { deletePhoto, ownProfileKey, reorderPhotos, setMainPhoto } from '../../entities/member/api.ts';
import { useSetOwnProfile } from '../../entities/member/queries.ts';
import { photoErrorText } from '../../ui/photo-errors.ts';
import { applyOrder, movePhoto } from './photo-order.ts';
import type { PhotoAction, PhotoContext } from './usePhotoFocus.ts';

/** A change to one photo: the call, and the words for what it did. */
interface PhotoChange {
  photo: OwnPhoto;
  action: PhotoAction;
  call: () => Promise<OwnProfile>;
  success: (p: OwnProfile) => string;
}

/**
 * The photo tiles' buttons (spec §5): move left or right, make main, delete. One call at a time:
 * busy names the photo whose call is on its way (its tile says so, every button waits). The
 * server's answer replaces the cached profile; the result is told and focus goes back to the
 * photo and button that were used (after a delete, to a neighbour or the upload control).
 */
export function usePhotoActions({
  profile,
  setNotice,
  setErrors,
  focusNext,
  onDeleteSettled,
}: PhotoContext & {
  /** A delete went through or failed: the confirm dialog closes. */
  onDeleteSettled: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const setProfile = useSetOwnProfile();
  const photos = profile.photos;
  const limit = profile.photo_limit;
  // The main photo always comes first (the server keeps it there); the others can be ordered.
  const pinned = photos[0]?.is_main ? 1 : 0;

  const change = useMutation({
    // A call that cannot reach the server fails at once (and says so), rather than waiting to be online.
    networkMode: 'always',
    mutationFn: ({ call }: PhotoChange) => call(),
    onSuccess: (next, { photo, action, success }) => {
      setProfile(next);
      setNotice(success(next));
      focusNext.current = next.photos.some((p) => p.id === photo.id) ? { id: photo.id, action } : null;
    },
    onError: (err) => {
      setErrors([photoErrorText(t, err, limit)]);
      void client.invalidateQueries({ queryKey: ownProfileKey });
    },
  });

  const removal = useMutation({
    networkMode: 'always',
    mutationFn: ({ photo }: { photo: OwnPhoto; neighbour: OwnPhoto | undefined }) => deletePhoto(photo.id),
    onSuccess: (next, { neighbour }) => {
      setProfile(next);
      setNotice(t('photos.deleted'));
      focusNext.current = neighbour ? { id: neighbour.id } : 'upload';
    },
    onError: (err) => setErrors([photoErrorText(t, err, limit)]),
    onSettled: onDeleteSettled,
  });

  const run = (
    photo: OwnPhoto,
    action: PhotoAction,
    call: PhotoChange['call'],
    success: PhotoChange['success'],
  ) => {
    setErrors([]);
    setNotice('');
    change.mutate({ photo, action, call, success });
  };

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
    run(
      photo,
      delta < 0 ? 'left' : 'right',
      () => reorderPhotos(ids),
      (next) => {
        const at = next.photos.findIndex((p) => p.id === photo.id) + 1;
        return t('photos.moved', { n: at, total: next.photos.length });
      },
    );
  };

  const makeMain = (photo: OwnPhoto, n: number) =>
    run(
      photo,
      'main',
      () => setMainPhoto(photo.id),
      () => t('photos.mainSet', { n }),
    );

  const remove = (photo: OwnPhoto) => {
    const index = photos.findIndex((p) => p.id === photo.id);
    const neighbour = photos[index + 1] ?? photos[index - 1];
    setErrors([]);
    setNotice('');
    removal.mutate({ photo, neighbour });
  };

  const busy = change.isPending
    ? (change.variables?.photo.id ?? null)
    : removal.isPending
      ? (removal.variables?.photo.id ?? null)
      : null;

  return { busy, pinned, move, makeMain, remove };
}
