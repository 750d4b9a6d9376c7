import { onSessionEnd } from '../../entities/session/session-end.ts';
import { browserStore, forgetAllKept } from './kept.ts';
import { endingSessionHere } from './socket.ts';

/**
 * Chat's part in the end of this tab's session (logout, account deletion): its socket's close is
 * expected (other tabs are told, and reload the user), and unsent chat texts and drafts do not
 * outlive the session here. Registered once at start (entry-client.tsx).
 */
export const registerChatSessionEnd = () =>
  onSessionEnd({ ending: endingSessionHere, ended: () => forgetAllKept(browserStore()) });
