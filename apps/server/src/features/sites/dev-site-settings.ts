import { siteConfigSchema } from '@amora/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The settings a browser test may switch on a demo site (the ones spec §4 makes pages behave by). */
const body = z
  .object({
    domain: z.string().regex(/^[a-z0-9-]+\.localhost$/),
    /** A site to copy when `domain` has none yet (its members stay where they are). */
    from: z.string().max(253).optional(),
    settings: z
      .object({
        signups: z.string().min(1).max(40),
        logged_out_search: z.string().min(1).max(40),
        logged_out_search_trafficsource: z.string().min(1).max(40),
        enable_site_entry_popup: z.string().min(1).max(40),
        index_member_pages: z.boolean(),
      })
      .partial()
      .strict(),
  })
  .strict();

/**
 * Development only (DEV_MAIL_VIEWER=on on a local machine, loopback requests, like /dev/jobs):
 * `POST /dev/site-settings` changes a few settings of a local site (`*.localhost`), creating it as
 * a copy of `from` when it does not exist, and re-reads the directory: a browser test walks a
 * 'with_trafficsource' site or logged-out search by traffic source on a site of its own, so tests
 * running beside it on the demo sites are not affected. The whole config is validated again.
 */
export async function devSiteSettings(app: FastifyInstance) {
  app.post(
    '/dev/site-settings',
    { config: { access: 'dev' }, schema: { hide: true } },
    async (req, reply) => {
      const b = body.safeParse(req.body);
      if (!b.success) return reply.status(400).send({ error: 'invalid' });
      const sites = app.sites.all();
      const base =
        sites.find((s) => s.domain === b.data.domain) ?? sites.find((s) => s.domain === b.data.from);
      if (!base) return reply.status(404).send({ error: 'unknown_site' });
      const config = siteConfigSchema.parse({ ...base.config, ...b.data.settings });
      await app.db.query(
        `INSERT INTO sites (domain, config) VALUES ($1, $2::jsonb)
       ON CONFLICT (domain) DO UPDATE SET config = EXCLUDED.config, updated_at = now()`,
        [b.data.domain, JSON.stringify(config)],
      );
      await app.sites.reload();
      return { domain: b.data.domain, settings: b.data.settings };
    },
  );
}
