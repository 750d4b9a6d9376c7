import { useState } from 'react';

/**
 * True from the first render where `open` holds on: a dialog that is its own chunk (issue 16 item
 * 6) renders, and so loads, nothing until it first opens, then stays mounted, so closing works as
 * it did for the eager dialog (its Modal closes and gives focus back). For dialogs that open on an
 * action or an answer (a match, a login prompt), never in the server's HTML.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  return open || opened;
}
