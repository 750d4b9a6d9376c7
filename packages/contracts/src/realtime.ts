/**
 * The member's live connection (GET /api/ws): what the server sends over it, what a client may
 * send, and the close codes. Imported by the server (platform/realtime.ts, chat/realtime.routes.ts)
 * and the browser's one socket per tab, so no zod here (a type-only import costs nothing).
 */
import type { Message } from './chat.ts';
import type { Endpoint } from './endpoints.ts';

/**
 * The socket's endpoint: a WebSocket upgrade authenticated by the session cookie, from the site's
 * own pages only (the server checks the Origin).
 */
export const socketEndpoint = {
  name: 'realtime.socket',
  method: 'GET',
  path: '/api/ws',
  access: 'member',
} as const satisfies Endpoint;

/** A message as both members of its conversation may see it: each tab works out `mine`. */
export type SocketMessage = Omit<Message, 'mine'>;

/** What the server sends, one JSON object per frame. */
export type ServerEvent =
  /** Sent once the socket is open: the client catches up on what it may have missed. */
  | { type: 'hello' }
  /** A new message in one of the member's conversations (sent or received, from any tab). */
  | { type: 'message'; message: SocketMessage }
  /** Someone liked or unliked this member (or this member did, in another tab): likes reload. */
  | { type: 'likes' }
  /** One of the member's orders moved (paid, failed...): balance, premium state and the order reload. */
  | { type: 'order'; order_id: string; status: string }
  /**
   * A moderator suspended or banned this member (their sessions end right after): the tab goes to
   * the notice with the statement of reasons (`notice`: its token) instead of the home page.
   */
  | { type: 'restricted'; notice: string }
  /**
   * The partner of one of the member's conversations is typing (issue 30 item 2): shown until the
   * next such event is overdue (TYPING_EXPIRE_MS) or their message arrives. Never stored; sent only
   * while both members show their typing.
   */
  | { type: 'typing'; conversation_id: string; user_id: string }
  /**
   * The partner read the conversation up to `read_id` (a message id): the mark under the member's
   * last message they read moves. Sent only while both members show their read receipts.
   */
  | { type: 'read'; conversation_id: string; read_id: number }
  /**
   * Events may have been missed (the server's link to the other instances came back after a gap):
   * the client catches up as after a reconnect (open conversations from their last message id,
   * chats and likes reload).
   */
  | { type: 'resync' };

/**
 * The events published to members' sockets (the hello greets each socket as it opens, the server
 * itself sends resync).
 */
export type PublishedEvent = Exclude<ServerEvent, { type: 'hello' } | { type: 'resync' }>;

/**
 * What a client sends: a keep-alive every 25 s, CLIENT_VISIBLE while its page is visible (and at
 * once when it becomes visible), else CLIENT_PING. Nothing sent over the socket changes data
 * (sending goes through the HTTP API); 'visible' only tells the server the member is looking at the
 * site (presence: no notification mail then), and the server ignores anything else but typing.
 */
export const CLIENT_PING = 'ping';
export const CLIENT_VISIBLE = 'visible';

/**
 * The one other thing a client may send: the member is typing in a conversation (JSON, its id).
 * Sent at most every TYPING_SEND_MS while the composer changes; the server relays it to the partner
 * (never stores it) and drops what comes faster than TYPING_SERVER_MS from the same member and
 * conversation. The partner's tab shows it until TYPING_EXPIRE_MS pass without another.
 */
export type ClientTyping = { type: 'typing'; conversation_id: string };
export const TYPING_SEND_MS = 3000;
export const TYPING_SERVER_MS = 2500;
export const TYPING_EXPIRE_MS = 6000;

/**
 * Close codes of the socket. A socket the server finds dead (no answer to its ping, sent every
 * 30 s; browsers answer by themselves) is cut without a close frame: 1006 at the client.
 */
export const SOCKET_CLOSE = {
  /** The session ended (logout in another tab, password change, deletion): do not reconnect. */
  sessionEnded: 4401,
  /** The server is shutting down (WebSocket "going away"): reconnect with backoff. */
  goingAway: 1001,
  /**
   * The client read too slowly: the server would have had to buffer more for it than it keeps per
   * socket. Reconnect with backoff and catch up, as after any other drop.
   */
  fellBehind: 4000,
} as const;
