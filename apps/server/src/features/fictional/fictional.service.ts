import { ageOn, CHAT_HISTORY_LIMIT, type FictionalProfileInput } from '@amora/contracts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, found } from '../../platform/errors.ts';
import { variantKey } from '../../platform/images.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { Site } from '../../platform/sites.ts';
import { mediaUrl, type Storage } from '../../platform/storage.ts';
import { announceMessage, sendMessage } from '../chat/chat.service.ts';
import { addPhoto, type PhotoRow, photosOf } from '../photos/photos.service.ts';
import {
  type FictionalRow,
  fictionalById,
  type InboxRow,
  inboxEntry,
  inboxMessages,
  inboxPage,
  insertFictional,
  listFictional,
  lockAndCountConversations,
  memberFacts,
  updateFictional,
} from './fictional.repo.ts';

/**
 * Fictional chat partners in the console (issue 17 item 8): their profiles (admins), and the
 * inbox where operators answer members' conversations with them (support; admin implies it).
 * Answers go through the chat's own send (chat.service sendMessage), so the member's side, the
 * realtime event, the notification jobs and the ledger rules are those of any message; the
 * fictional side pays nothing, and the operator is recorded beside the message
 * (operator_messages), read only here.
 */

const INBOX_PAGE = 20;

function present(r: FictionalRow, photos: PhotoRow[], site: Site) {
  return {
    ...r,
    created_at: new Date(r.created_at).toISOString(),
    photos: photos.map((p) => ({
      id: p.id,
      url: mediaUrl(site.config.cdn_prefix, variantKey(p.storage_key, 't')),
      is_main: p.is_main,
      status: p.status,
    })),
  };
}

export async function listProfiles(db: Db, site: Site) {
  const rows = await listFictional(db, site.id);
  return { profiles: rows.map((r) => present(r, [], site)) };
}

export async function getProfile(db: Db, site: Site, id: string) {
  const row = found(await fictionalById(db, site.id, id));
  return present(row, await photosOf(db, id, false), site);
}

/**
 * A photo for a fictional profile: the members' own upload pipeline (checked, re-encoded, no
 * metadata; the site's photo_approval applies as to anyone's), audited.
 */
export async function addProfilePhoto(
  db: Db,
  storage: Storage,
  site: Site,
  operator: AuditActor,
  id: string,
  read: () => Promise<Buffer>,
) {
  if (!(await fictionalById(db, site.id, id))) throw new AppError('not_found', 404);
  const photo = await addPhoto(db, storage, site, id, await read());
  await audit(db, operator, {
    action: 'fictional.photo',
    siteId: site.id,
    subjectType: 'member',
    subjectId: id,
    details: { photo: photo.id },
  });
  return getProfile(db, site, id);
}

const nameTaken = (err: unknown) => {
  if (isUniqueViolation(err)) return new AppError('validation', 400, {}, { name: 'username_taken' });
  return err;
};

export async function createProfile(db: Db, site: Site, operator: AuditActor, input: FictionalProfileInput) {
  const id = await db
    .tx(async (q) => {
      const created = await insertFictional(q, site.id, site.config.domain_language.slice(0, 2), input);
      await audit(q, operator, {
        action: 'fictional.create',
        siteId: site.id,
        subjectType: 'member',
        subjectId: created,
        details: { after: input },
      });
      return created;
    })
    .catch((err) => {
      throw nameTaken(err);
    });
  return getProfile(db, site, id);
}

/** Edits a fictional profile; its mark cannot be taken off while it has conversations (409). */
export async function editProfile(
  db: Db,
  site: Site,
  operator: AuditActor,
  id: string,
  input: FictionalProfileInput,
) {
  await db
    .tx(async (q) => {
      const before = found(await fictionalById(q, site.id, id));
      const chats = await lockAndCountConversations(q, id);
      if (before.fictional && !input.fictional && chats > 0)
        throw new AppError('fictional_has_conversations', 409);
      await updateFictional(q, id, input);
      const { conversations: _c, created_at: _t, id: _id, photos: _p, ...was } = present(before, [], site);
      const changes = Object.fromEntries(
        Object.entries(input)
          .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify((was as Record<string, unknown>)[k]))
          .map(([k, v]) => [k, { before: (was as Record<string, unknown>)[k], after: v }]),
      );
      await audit(q, operator, {
        action: input.fictional === before.fictional ? 'fictional.edit' : 'fictional.mark',
        siteId: site.id,
        subjectType: 'member',
        subjectId: id,
        details: { changes },
      });
    })
    .catch((err) => {
      // The database keeps the rule too (migration 027), for a send that raced this edit.
      if (/fictional_has_conversations/.test(String(err)))
        throw new AppError('fictional_has_conversations', 409);
      throw nameTaken(err);
    });
  return getProfile(db, site, id);
}

function presentEntry(r: InboxRow) {
  return {
    conversation_id: r.conversation_id,
    fictional: { id: r.f_id, name: r.f_name },
    member: { id: r.m_id, name: r.m_name },
    last_message_at: new Date(r.last_message_at).toISOString(),
    last_body: r.last_kind === 'text' ? r.last_body.slice(0, 200) : `[${r.last_kind}]`,
    unanswered: r.unanswered,
  };
}

export async function inbox(db: Db, site: Site, page: number) {
  const rows = await inboxPage(db, site.id, INBOX_PAGE + 1, (page - 1) * INBOX_PAGE);
  return {
    entries: rows.slice(0, INBOX_PAGE).map(presentEntry),
    page,
    more: rows.length > INBOX_PAGE,
    total: rows[0]?.total_count ?? 0,
    unanswered: rows[0]?.unanswered_count ?? 0,
    switched_off: site.config.fictional_profiles === false,
  };
}

export async function openConversation(db: Db, site: Site, conversationId: string) {
  const entry = found(await inboxEntry(db, site.id, conversationId));
  const [rows, facts] = await Promise.all([
    inboxMessages(db, conversationId, CHAT_HISTORY_LIMIT),
    memberFacts(db, site.id, entry.m_id),
  ]);
  return {
    entry: presentEntry(entry),
    member: facts
      ? {
          id: entry.m_id,
          name: facts.name,
          age: facts.birth_date ? ageOn(facts.birth_date) : null,
          city: facts.city,
          credits: facts.credits,
          premium: facts.paid_user,
          last_active_at: facts.last_active_at.toISOString(),
        }
      : null,
    messages: rows.map((m) => ({
      id: Number(m.id),
      kind: m.kind,
      body: m.body,
      gift: m.gift,
      created_at: new Date(m.created_at).toISOString(),
      from_fictional: m.sender_id === entry.f_id,
      operator_name: m.operator_name,
    })),
  };
}

/** An operator's answer, sent as the fictional profile through the chat's own send. */
export async function reply(
  deps: { db: Db; realtime: Pick<Realtime, 'publish'> },
  site: Site,
  operator: { id: string; name: string },
  conversationId: string,
  input: { client_id: string; body: string },
) {
  if (site.config.fictional_profiles === false) throw new AppError('fictional_switched_off', 409);
  const entry = found(await inboxEntry(deps.db, site.id, conversationId));
  const result = await sendMessage(
    deps.db,
    site,
    entry.f_id,
    entry.m_id,
    { client_id: `op:${input.client_id}`, kind: 'text', body: input.body },
    { operatorId: operator.id, operatorName: operator.name },
  );
  if (result.fresh) announceMessage(deps.realtime, [entry.m_id, entry.f_id], result.message);
  return openConversation(deps.db, site, conversationId);
}

/**
 * The operator is typing in the reply box (issue 30 item 2): the member sees the fictional profile
 * typing, through the chat's own relay (`relay`, chat-signals typingRelay: throttled, only while the
 * member shows typing, never stored). Nothing when the site has fictional profiles switched off.
 */
export async function operatorTyping(
  db: Db,
  site: Site,
  conversationId: string,
  relay: (senderId: string, conversationId: string, operator: boolean) => Promise<boolean>,
): Promise<void> {
  const entry = found(await inboxEntry(db, site.id, conversationId));
  if (site.config.fictional_profiles === false) return;
  await relay(entry.f_id, conversationId, true);
}
