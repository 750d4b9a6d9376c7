import { chatsResponseSchema, messageSchema, sendMessageSchema, sendResultSchema } from '@amora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cards } from '../likes/likes.service.ts';
import { hideConversation, markRead, messagesAfter, presentMessage, sendMessage } from './chat.service.ts';

const tags = ['chat'];
const memberParams = z.object({ id: z.string().max(64) });
const conversationParams = z.object({ id: z.string().max(64) });

/** Spec §7 keeps /api/chats.php and DELETE /api/chat.php; sending and reading are plain REST. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chats.php',
    { config: { access: 'member' }, schema: { tags, response: { 200: chatsResponseSchema } } },
    async (req, reply) => {
      const me = req.user!.id;
      const rows = await app.db.query<{
        id: string;
        partner: string;
        unread: number;
        total: number;
        last: Parameters<typeof presentMessage>[0] | null;
      }>(
        `SELECT c.id, CASE WHEN c.member_a = $1 THEN c.member_b ELSE c.member_a END AS partner,
                (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id
                   AND m.id > greatest(s.last_read_id, s.hidden_upto_id) AND m.sender_id <> $1) AS unread,
                (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id AND m.id > s.hidden_upto_id) AS total,
                (SELECT row_to_json(m) FROM messages m WHERE m.conversation_id = c.id AND m.id > s.hidden_upto_id
                  ORDER BY m.id DESC LIMIT 1) AS last
           FROM conversations c JOIN conversation_state s ON s.conversation_id = c.id AND s.user_id = $1
          WHERE (c.member_a = $1 OR c.member_b = $1) AND c.site_id = $2
          ORDER BY c.last_message_at DESC LIMIT 200`,
        [me, req.site.id],
      );
      const visible = rows.filter((r) => r.total > 0);
      const profiles = await cards(
        app.db,
        req.site,
        me,
        visible.map((r) => r.partner),
        true,
      );
      const byId = new Map(profiles.map((p) => [p.id, p]));
      const chats = visible
        .filter((r) => byId.has(r.partner))
        .map((r) => ({
          conversation: { id: r.id },
          profile: byId.get(r.partner)!,
          num_unread_messages: r.unread,
          last_message: r.last ? presentMessage(r.last, me) : null,
        }));
      reply.header('cache-control', 'no-store');
      return {
        chats,
        total_unread_messages: chats.reduce((n, c) => n + c.num_unread_messages, 0),
        total_messages: visible.reduce((n, r) => n + r.total, 0),
      };
    },
  );

  app.post(
    '/api/members/:id/messages',
    {
      config: { access: 'member', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, params: memberParams, body: sendMessageSchema, response: { 200: sendResultSchema } },
    },
    async (req) => {
      const { message, credits, fresh } = await sendMessage(
        app.db,
        req.site,
        req.user!.id,
        req.params.id,
        req.body,
      );
      // After the commit: both members' open tabs hear of it at once (a retry announces nothing new).
      if (fresh) {
        const { mine: _mine, ...shared } = message;
        app.realtime.publish([req.user!.id, req.params.id], { type: 'message', message: shared });
      }
      return { message, credits };
    },
  );

  app.get(
    '/api/chat/:id/messages',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: conversationParams,
        querystring: z.object({ after: z.coerce.number().int().min(0).default(0) }),
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
    },
    async (req) => ({ messages: await messagesAfter(app.db, req.user!.id, req.params.id, req.query.after) }),
  );

  app.post(
    '/api/chat/:id/read',
    { config: { access: 'member' }, schema: { tags, params: conversationParams } },
    async (req, reply) => {
      await markRead(app.db, req.user!.id, req.params.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/chat.php',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Remove a conversation from my list',
        querystring: z.object({ id: z.string().max(64) }),
      },
    },
    async (req, reply) => {
      await hideConversation(app.db, req.user!.id, req.query.id);
      return reply.status(204).send();
    },
  );
};
