/**
 * What the rest of the app does when this tab's own session ends (logout, account deletion), so
 * that the session knows none of it: features register here at start (entry-client.tsx), e.g.
 * chat forgets its unsent texts and drafts and expects its socket's close
 * (features/chat/session-end.ts).
 */
export interface SessionEndHooks {
  /** The session is about to end here (true), or its ending was refused after all (false). */
  ending?: (ending: boolean) => void;
  /** The session has ended here. */
  ended?: () => void;
}

const registered = new Set<SessionEndHooks>();

/** Registers hooks for the end of the session; returns their removal. */
export function onSessionEnd(hooks: SessionEndHooks): () => void {
  registered.add(hooks);
  return () => void registered.delete(hooks);
}

export function sessionEnding(ending = true): void {
  for (const h of registered) h.ending?.(ending);
}

export function sessionEnded(): void {
  for (const h of registered) h.ended?.();
}
