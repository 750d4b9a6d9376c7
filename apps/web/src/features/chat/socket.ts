import { endpoints } from '@amora/contracts/endpoints';
import {
  CLIENT_PING,
  CLIENT_VISIBLE,
  type ClientTyping,
  type ServerEvent,
  SOCKET_CLOSE,
  socketEndpoint,
} from '@amora/contracts/realtime';
import type { SocketMessage } from '../../entities/chat/logic.ts';

/**
 * The one live connection of this tab (GET /api/ws, authenticated by the session cookie). It opens
 * while anything listens, reconnects with backoff when it closes (whatever the code, but the end of
 * the session), and tells listeners each time it is (re)connected, so they can catch up on what was
 * missed; and again when the server says events may have been missed while the socket stayed open
 * (`resync`: its link to the other instances came back after a gap).
 */
export type LiveEvent =
  /** (Re)connected, or told to resync: catch up (open conversations, chats, likes). */
  | { type: 'connected' }
  | { type: 'message'; message: SocketMessage }
  /** Someone liked or unliked this member (or this member did, in another tab): likes reload. */
  | { type: 'likes' }
  /** One of the member's orders moved (paid, failed...): balance, premium state and orders reload. */
  | { type: 'order'; order_id: string; status: string }
  /** The partner of a conversation is typing (shown until TYPING_EXPIRE_MS pass without another). */
  | { type: 'typing'; conversation_id: string; user_id: string }
  /** The partner read a conversation up to a message: the read mark moves. */
  | { type: 'read'; conversation_id: string; read_id: number }
  /** The server ended this session (logout in another tab, password change): no reconnect. */
  | { type: 'ended' };

type Listener = (e: LiveEvent) => void;

const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let resyncTimer: ReturnType<typeof setTimeout> | undefined;

const PING_MS = 25_000;

/**
 * When the server tells every tab of an instance to resync at once, each waits a random moment of
 * up to 3 s, so that they do not all reload in the same instant; resyncs meanwhile are one.
 */
export function resyncDelay(random = Math.random): number {
  return random() * 3000;
}

function resyncSoon() {
  if (resyncTimer !== undefined) return;
  resyncTimer = setTimeout(() => {
    resyncTimer = undefined;
    emit({ type: 'connected' });
  }, resyncDelay());
}

function cancelResync() {
  clearTimeout(resyncTimer);
  resyncTimer = undefined;
}

/** This tab is ending its own session (logout, deletion): the socket's close is no news here. */
let endingHere = false;
export function endingSessionHere(ending = true): void {
  endingHere = ending;
}

/** Delay before reconnect n: 1 s doubling up to 30 s, with jitter. */
export function reconnectDelay(n: number, random = Math.random): number {
  return Math.min(30_000, 1000 * 2 ** n) * (0.75 + random() * 0.5);
}

const pageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/** The keep-alive says whether this page is visible: the server mails nobody who is looking. */
function keepAlive(ws: WebSocket) {
  if (ws.readyState === WebSocket.OPEN) ws.send(pageVisible() ? CLIENT_VISIBLE : CLIENT_PING);
}

/**
 * Presence (spec §7 beacon): when the page is hidden, the server hears it at once (sendBeacon
 * survives the tab closing); when it shows again, the socket says so.
 */
function onVisibility() {
  if (!socket) return;
  if (pageVisible()) keepAlive(socket);
  else {
    try {
      navigator.sendBeacon?.(
        endpoints.presence.pageHidden.path,
        new Blob(['{}'], { type: 'application/json' }),
      );
    } catch {
      // A refused beacon only means a notification mail may wait for presence to fade.
    }
  }
}

function emit(e: LiveEvent) {
  for (const fn of listeners) fn(e);
}

function open() {
  if (socket || typeof WebSocket === 'undefined') return;
  const url = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${socketEndpoint.path}`;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onmessage = (ev) => {
    let data: Partial<ServerEvent>;
    try {
      data = JSON.parse(String(ev.data));
    } catch {
      return;
    }
    if (data.type === 'hello') {
      attempt = 0;
      cancelResync(); // this catch-up covers it
      emit({ type: 'connected' });
    } else if (data.type === 'resync') resyncSoon();
    else if (data.type === 'message' && data.message) emit({ type: 'message', message: data.message });
    else if (data.type === 'likes') emit({ type: 'likes' });
    else if (data.type === 'typing' && data.conversation_id && data.user_id)
      emit({ type: 'typing', conversation_id: data.conversation_id, user_id: data.user_id });
    else if (data.type === 'read' && data.conversation_id && typeof data.read_id === 'number')
      emit({ type: 'read', conversation_id: data.conversation_id, read_id: data.read_id });
    else if (data.type === 'order' && data.order_id)
      emit({ type: 'order', order_id: data.order_id, status: data.status ?? '' });
    else if (data.type === 'restricted' && data.notice && /^[\w.-]+$/.test(data.notice)) {
      // Suspended or banned: the session ends next; this tab shows why (not the logged-out home).
      endingHere = true;
      location.assign(`/notice/${data.notice}`);
    }
  };
  ws.onopen = () => {
    clearInterval(pingTimer);
    keepAlive(ws);
    pingTimer = setInterval(() => keepAlive(ws), PING_MS);
  };
  ws.onclose = (ev) => {
    clearInterval(pingTimer);
    if (socket !== ws) return;
    socket = null;
    if (!listeners.size) return;
    if (ev.code === SOCKET_CLOSE.sessionEnded) {
      if (!endingHere) emit({ type: 'ended' });
      endingHere = false;
      return;
    }
    retryTimer = setTimeout(open, reconnectDelay(attempt++));
  };
}

/**
 * Tells the partner this member is typing in a conversation (contracts ClientTyping). The caller
 * throttles (TYPING_SEND_MS); a closed socket sends nothing (typing is never worth a queue).
 */
export function sendTyping(conversationId: string): void {
  if (socket?.readyState === WebSocket.OPEN)
    socket.send(JSON.stringify({ type: 'typing', conversation_id: conversationId } satisfies ClientTyping));
}

function close() {
  clearTimeout(retryTimer);
  clearInterval(pingTimer);
  cancelResync();
  const ws = socket;
  socket = null;
  ws?.close();
}

/** Listens to the live connection (opening it if needed); the returned function stops listening. */
export function listenLive(fn: Listener): () => void {
  if (!listeners.size && typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', onVisibility);
  }
  listeners.add(fn);
  open();
  return () => {
    listeners.delete(fn);
    if (!listeners.size) {
      close();
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}
