import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), uptime_s: z.number() });

/** What an instance depends on, each 'ok', 'down' or (Redis without REDIS_URL) 'off'. */
const dependency = z.enum(['ok', 'down', 'off']);
export const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: dependency,
  redis: dependency,
  media: dependency,
});
