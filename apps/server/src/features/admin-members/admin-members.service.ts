import type {
  AdminLedgerPage,
  AdminMemberDetail,
  AdminMemberPage,
  AdminMemberRow,
  CreditAdjustment,
} from '@amora/contracts';
import { CONSOLE_LIST_PAGE } from '@amora/contracts';
import { audit } from '../../platform/audit.ts';
import { consolePage } from '../../platform/console-page.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { deleteUserSessions } from '../../platform/sessions.ts';
import type { Site } from '../../platform/sites.ts';
import { type AccountsContext, startDeletion } from '../accounts/accounts.service.ts';
import { book } from '../credits/ledger.ts';
import { exportsForConsole } from '../data-export/data-export.service.ts';
import { enableMail } from '../notifications/bounces.service.ts';
import { memberOrders } from '../payments/payments-admin.service.ts';
import { photoUrls } from '../photos/photos.presenter.ts';
import * as repo from './admin-members.repo.ts';

/**
 * The console's members (issue 17 item 5): search, detail, and the operator's actions on a
 * member, each of them and its audit entry in one transaction. Everything is of the console's
 * site: a member of another site is 'not found'.
 */

/** Who acts (the request's operator). */
export interface Actor {
  id: string;
  name: string;
}

const PAGE = CONSOLE_LIST_PAGE;
const LEDGER_PAGE = 50;
const iso = (d: Date | string) => new Date(d).toISOString();

/** A member row (or a detail row) as the console's answer gives it: its dates as ISO strings. */
const row = <R extends repo.MemberRow>(r: R) => ({ ...r, signup_date: iso(r.signup_date) });

/** The term decides the search: a member id, an e-mail (or its start: it has an @), else a name. */
export async function searchMembers(db: Db, site: Site, q: string, page: number): Promise<AdminMemberPage> {
  const term = q.trim();
  const by = !term
    ? {}
    : isUuid(term)
      ? { id: term.toLowerCase() }
      : term.includes('@')
        ? { email: term }
        : { name: term };
  const rows = await repo.searchMembers(db, site.id, by, PAGE, (page - 1) * PAGE);
  return consolePage('members', rows, { page, size: PAGE }, (r): AdminMemberRow => row(r));
}

async function memberOf(db: Db, site: Site, id: string): Promise<repo.MemberDetailRow> {
  const m = isUuid(id) ? await repo.memberOfSite(db, site.id, id) : undefined;
  if (!m) throw new AppError('not_found', 404);
  return m;
}

export async function memberDetail(db: Db, site: Site, id: string): Promise<AdminMemberDetail> {
  const m = await memberOf(db, site, id);
  const [photos, about, by, orders, dataExports] = await Promise.all([
    repo.memberPhotos(db, m.id),
    repo.memberReports(db, site.id, m.id, true),
    repo.memberReports(db, site.id, m.id, false),
    memberOrders(db, site.id, m.id),
    exportsForConsole(db, m.id),
  ]);
  const cdn = site.config.cdn_prefix;
  const report = (r: repo.ReportRow) => ({ ...r, created_at: iso(r.created_at) });
  return {
    member: {
      ...row(m),
      last_active_at: iso(m.last_active_at),
      deletion_requested_at: m.deletion_requested_at ? iso(m.deletion_requested_at) : null,
    },
    photos: photos.map((p) => ({
      id: p.id,
      ...photoUrls(cdn, p.storage_key),
      status: p.status,
      is_main: p.is_main,
      created_at: iso(p.created_at),
    })),
    reports_about: about.map(report),
    reports_by: by.map(report),
    orders,
    data_exports: dataExports,
  };
}

export async function memberLedger(
  db: Db,
  site: Site,
  id: string,
  cursor: number | undefined,
): Promise<AdminLedgerPage> {
  const m = await memberOf(db, site, id);
  const rows = await repo.ledgerPage(db, m.id, cursor ?? null, LEDGER_PAGE);
  const entries = rows.slice(0, LEDGER_PAGE).map((e) => ({ ...e, created_at: iso(e.created_at) }));
  return {
    entries,
    next_cursor: rows.length > LEDGER_PAGE ? (entries[entries.length - 1]?.id ?? null) : null,
  };
}

/**
 * A credit adjustment (finance): a ledger entry `adjust:<adjustment_id>` of reason 'correction'
 * through the ledger's book() (never an edited balance), with its audit entry, in one transaction.
 * A negative adjustment larger than the balance is refused ('adjustment_overdraws', with the
 * balance) and changes nothing. The same adjustment id again books nothing more.
 */
export async function adjustCredits(
  db: Db,
  site: Site,
  actor: Actor,
  memberId: string,
  a: CreditAdjustment,
): Promise<{ credits: number; ref: string }> {
  const m = await memberOf(db, site, memberId);
  const ref = `adjust:${a.adjustment_id}`;
  return db.tx(async (q) => {
    const balance = await repo.lockedBalance(q, site.id, m.id);
    if (balance === undefined) throw new AppError('not_found', 404);
    if (balance + a.delta < 0) {
      // A retry of an adjustment already booked is not an overdraft: book() answers it as it was.
      if (!(await repo.isBooked(q, m.id, ref)))
        throw new AppError('adjustment_overdraws', 409, { balance: String(balance) });
    }
    const entry = await book(q, {
      userId: m.id,
      siteId: site.id,
      delta: a.delta,
      reason: 'correction',
      ref,
      locked: true,
    });
    if (entry.fresh) {
      await auditMember(q, actor, site, m.id, 'member.credits_adjust', a.reason, {
        delta: a.delta,
        ref,
        balance_before: balance,
        balance_after: entry.balance_after,
      });
    }
    return { credits: entry.balance_after, ref };
  });
}

/** The audit entry of an operator's action on a member of the site (in the action's transaction). */
function auditMember(
  q: Queryable,
  actor: Actor,
  site: Site,
  memberId: string,
  action: string,
  reason: string,
  details?: Record<string, unknown>,
): Promise<void> {
  return audit(q, actor, {
    action,
    siteId: site.id,
    subjectType: 'member',
    subjectId: memberId,
    reason,
    details,
  });
}

/**
 * A support action on a member of the site, audited as `action`: `change` and its audit entry
 * (with the details `change` answers) in one transaction. The action answers the member's status
 * and sessions as they were.
 */
function memberAction(
  action: string,
  change: (q: Queryable, m: repo.MemberDetailRow) => Promise<Record<string, unknown>>,
) {
  return async (
    db: Db,
    site: Site,
    actor: Actor,
    memberId: string,
    reason: string,
  ): Promise<{ status: string; sessions: number }> => {
    const m = await memberOf(db, site, memberId);
    await db.tx(async (q) => {
      const details = await change(q, m);
      await auditMember(q, actor, site, m.id, action, reason, details);
    });
    return { status: m.status, sessions: m.sessions };
  };
}

/**
 * Ends every session of the member (support), audited. The caller closes the member's sockets
 * after commit, as a logout does (Realtime.endSessions). Answers how many sessions there were.
 */
export const endMemberSessions = memberAction('member.end_sessions', async (q, m) => {
  await deleteUserSessions(q, m.id);
  return { sessions: m.sessions };
});

/** Turns the member's e-mail back on (support): the member's own re-enable path, audited. */
export const reenableMail = memberAction('member.enable_mail', async (q, m) => {
  await enableMail(q, m.id);
  return { was: m.notifications_disabled };
});

/**
 * Starts the member's deletion (admin): the same 14 days of pending deletion as the member's own,
 * with the reactivation link mailed to the member; audited. Not possible for an account that is
 * not active or unconfirmed ('member_not_deletable').
 */
export async function startMemberDeletion(
  ctx: AccountsContext,
  site: Site,
  actor: Actor,
  memberId: string,
  reason: string,
): Promise<{ status: string; sessions: number }> {
  const m = await memberOf(ctx.db, site, memberId);
  await ctx.db.tx(async (q) => {
    if (!(await startDeletion(ctx, q, site, m.id, 'operator', reason))) {
      throw new AppError('member_not_deletable', 409);
    }
    await auditMember(q, actor, site, m.id, 'member.delete', reason);
  });
  ctx.afterCommit();
  return { status: 'pending_deletion', sessions: 0 };
}
