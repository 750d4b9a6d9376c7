import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { CLIENT_VISIBLE, type ServerEvent, socketEndpoint } from '@amora/contracts/realtime';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../platform/errors.ts';
import { liveSessionIds } from '../../platform/sessions.ts';
import { markVisible } from '../notifications/presence.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import { typingRelay } from './chat-signals.service.ts';

const TYPING_FRAMES = 10;
const TYPING_WINDOW_MS = 10_000;

/** A client's typing frame (contracts ClientTyping): the conversation's id, or null for anything else. */
function typingIn(text: string): string | null {
  if (!text.startsWith('{') || text.length > 200) return null;
  try {
    const m = JSON.parse(text) as { type?: unknown; conversation_id?: unknown };
    return m.type === 'typing' && typeof m.conversation_id === 'string' ? m.conversation_id : null;
  } catch {
    return null;
  }
}

/**
 * @fastify/websocket keeps the upgrade's request and reply for as long as the socket lives: in
 * its error listener's closure (its default handler: log, terminate), and as the HTTP response
 * still assigned to the TCP socket. That was about half of an idle socket's memory (its headers,
 * Fastify's request and reply, their logger: 5 of 11 KB, issue 29). Both are let go here; the
 * socket's errors are handled as that listener would have.
 */
function letGoOfUpgrade(req: FastifyRequest, socket: WebSocket): void {
  const log = req.server.log;
  socket.removeAllListeners('error');
  socket.on('error', (err) => {
    log.warn({ err }, 'socket error');
    socket.terminate();
  });
  const tcp = req.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
}

/**
 * GET /api/ws: the member's live connection. Authenticated by the session cookie (like any page),
 * and only from the site's own pages: the Origin must be the site's origin (or the host asked for),
 * so another site cannot open a socket with a member's cookie. The socket only receives events of
 * its member; it sends nothing that changes data (sending goes through the HTTP API): keep-alives,
 * and typing, which is relayed to the partner (chat-signals.service) and never stored.
 */
export async function realtimeRoutes(app: FastifyInstance) {
  // Shutdown (SIGTERM): every socket gets a 1001 close frame before the server goes. This hook runs
  // before @fastify/websocket's own (registered after it, on this same scope), which would close
  // them without a code (1005 at the client).
  app.addHook('preClose', async () => app.realtime.closeAll());
  const relayTyping = typingRelay({ db: app.db, realtime: app.realtime });
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // After a gap in this instance's Redis subscription a logout on another instance may not have
  // reached the sockets here: those of sessions that no longer live close as at a logout.
  app.realtime.onResync(async () => {
    const open = app.realtime.openSessions();
    if (!open.length) return;
    const live = new Set(await liveSessionIds(app.db, open));
    for (const sessionId of open) if (!live.has(sessionId)) app.realtime.endLocalSessions({ sessionId });
  });
  // A WebSocket upgrade, not a JSON route: registered here by hand, from its contract's path and access.
  app.get(
    socketEndpoint.path,
    {
      websocket: true,
      config: { access: socketEndpoint.access },
      preValidation: async (req) => {
        const origin = req.headers.origin;
        const allowed = new Set([
          siteOrigin(req.site, app.config),
          `http://${req.headers.host}`,
          `https://${req.headers.host}`,
        ]);
        if (!origin || !allowed.has(origin)) throw new AppError('forbidden', 403);
      },
    },
    async (socket, req) => {
      const userId = req.user!.id;
      app.realtime.add(userId, socket, req.sessionId!);
      letGoOfUpgrade(req, socket);
      // Its handlers log through the app's logger: a request's own would live as long as the socket.
      const log = app.log;
      // Each typing frame may cost a lookup: a tab gets TYPING_FRAMES per TYPING_WINDOW_MS, whatever
      // the conversations (one typing member sends one per TYPING_SEND_MS); the rest are dropped.
      let window = { start: 0, frames: 0 };
      socket.on('message', (data) => {
        // Keep-alives (contracts CLIENT_PING, CLIENT_VISIBLE) and typing; nothing else is accepted. A
        // visible page's keep-alive is presence: no notification mail while the member looks at the site.
        const text = String(data);
        if (text === CLIENT_VISIBLE) {
          void markVisible(app.db, userId).catch((err) => log.warn({ err, userId }, 'presence not stored'));
          return;
        }
        const conversation = typingIn(text);
        if (!conversation) return;
        const now = Date.now();
        if (now - window.start >= TYPING_WINDOW_MS) window = { start: now, frames: 0 };
        if (++window.frames > TYPING_FRAMES) return;
        void relayTyping(userId, conversation).catch((err) =>
          log.warn({ err, userId }, 'typing not relayed'),
        );
      });
      // A page opening its socket is being looked at: presence, before the hello (no mail meanwhile).
      await markVisible(app.db, userId).catch((err) => log.warn({ err, userId }, 'presence not stored'));
      if (socket.readyState === socket.OPEN)
        socket.send(JSON.stringify({ type: 'hello' } satisfies ServerEvent));
    },
  );
}
