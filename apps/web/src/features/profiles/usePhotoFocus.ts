import type { OwnProfile } from '@amora/contracts';
import { type RefObject, useEffect, useRef } from 'react';

/** The buttons on a photo tile, named in their data-action so focus can come back to the one used. */
export type PhotoAction = 'left' | 'right' | 'main' | 'delete';

/**
 * Where focus goes once the grid has re-rendered: a photo (which of its buttons, or 'photo' for the
 * picture itself, where a new upload is met), or the upload control.
 */
export type PhotoFocus = { id: string; action?: PhotoAction | 'photo' } | 'upload' | null;

/** What the photo manager gives its upload and tile actions: the profile, where to tell, where focus goes. */
export interface PhotoContext {
  profile: OwnProfile;
  setNotice: (notice: string) => void;
  setErrors: (errors: string[]) => void;
  focusNext: RefObject<PhotoFocus>;
}

/**
 * Focus lands on the photo that was touched (or the upload control), so a keyboard or screen-reader
 * user keeps their place while tiles move, disappear and re-render. Set focusNext; the focus moves
 * once the tile's buttons can take it, and never while the delete dialog is open.
 */
export function usePhotoFocus(dialogOpen: boolean): {
  gridRef: RefObject<HTMLUListElement | null>;
  inputRef: RefObject<HTMLInputElement | null>;
  focusNext: RefObject<PhotoFocus>;
} {
  const gridRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusNext = useRef<PhotoFocus>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (!target || dialogOpen) return;
    if (target === 'upload') {
      focusNext.current = null;
      inputRef.current?.focus();
      return;
    }
    // The tile and its buttons may only be ready a render later (refetch, busy state): keep the
    // wish until they are, since this effect runs after every render.
    const tile = gridRef.current?.querySelector<HTMLElement>(`[data-photo-id="${target.id}"]`);
    if (target.action === 'photo') {
      const picture = tile?.querySelector<HTMLElement>('.photo-tile__frame');
      if (!picture) return;
      focusNext.current = null;
      picture.focus();
      return;
    }
    const buttons = [...(tile?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    if (buttons.length === 0) return;
    focusNext.current = null;
    const wanted = target.action ? buttons.find((b) => b.dataset.action === target.action) : undefined;
    (wanted ?? buttons[0])!.focus();
  });

  return { gridRef, inputRef, focusNext };
}
