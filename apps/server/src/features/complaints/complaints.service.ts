import type { complaintSchema } from '@amora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { Site } from '../../platform/sites.ts';
import { insertComplaint, memberOfSite, reporter } from './complaints.repo.ts';

/**
 * Files a complaint about a member of the same site (or about the site) and mails the reporter a
 * receipt with its reference, in one transaction.
 */
export async function fileComplaint(
  db: Db,
  site: Site,
  reporterId: string,
  input: z.infer<typeof complaintSchema>,
): Promise<string> {
  return db.tx(async (q) => {
    if (input.member_id && !(await memberOfSite(q, input.member_id, site.id))) {
      throw new AppError('validation', 400, {}, { member_id: 'validation' });
    }
    const id = await insertComplaint(q, {
      siteId: site.id,
      reporterId,
      memberId: input.member_id ?? null,
      reason: input.reason,
      text: input.text,
    });
    const me = await reporter(q, reporterId);
    if (me) {
      await enqueueMail(q, {
        siteId: site.id,
        to: me.email,
        template: 'complaintReceived',
        locale: me.language,
        data: { name: me.name, reference: id.slice(0, 8).toUpperCase() },
      });
    }
    return id;
  });
}
