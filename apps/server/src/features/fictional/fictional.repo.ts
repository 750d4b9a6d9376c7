import {
  adminFictionalProfileSchema,
  type FictionalProfileInput,
  INTERESTS,
  messageSchema,
  ownProfileSchema,
} from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { countOf, rowOf, rowsOf, run, type Sql, sql, sqlText } from '../../platform/sql.ts';

/** Profiles made in the console carry an address nobody can receive mail at (RFC 2606 .invalid). */
export const CONSOLE_EMAIL_DOMAIN = 'fictional.invalid';

/**
 * A fictional profile as the console lists it (contracts adminFictionalProfileSchema, without its
 * photos), checked as it leaves the database: the stored fields as any profile's (ownProfileSchema),
 * without the form's length limits, which bind new input, not old rows.
 */
const fictionalRow = adminFictionalProfileSchema.omit({ photos: true }).extend({
  ...ownProfileSchema.pick({
    name: true,
    birth_date: true,
    country: true,
    region: true,
    city: true,
    about: true,
  }).shape,
  interests: z.array(z.enum(INTERESTS)),
  created_at: z.date(),
});
export type FictionalRow = z.output<typeof fictionalRow>;

const SELECT =
  sqlText(`SELECT p.user_id AS id, p.name, p.gender, p.seeking, p.birth_date::text AS birth_date, p.country,
    p.region, p.city, p.about, p.interests, p.hair_color, p.eye_color, p.body_type, p.relationship_status,
    u.fictional, u.signup_date AS created_at,
    (SELECT count(*)::int FROM conversations c WHERE c.member_a = u.id OR c.member_b = u.id) AS conversations
  FROM profiles p JOIN users u ON u.id = p.user_id`);

/** The site's fictional profiles, and those the console made and later unmarked. */
export function listFictional(q: Queryable, siteId: number): Promise<FictionalRow[]> {
  return rowsOf(
    q,
    fictionalRow,
    sql`${SELECT} WHERE p.site_id = ${siteId} AND (u.fictional OR u.email LIKE '%@' || ${CONSOLE_EMAIL_DOMAIN})
      ORDER BY lower(p.name) LIMIT 500`,
  );
}

export async function fictionalById(q: Queryable, siteId: number, id: string): Promise<FictionalRow | null> {
  const row = await rowOf(
    q,
    fictionalRow,
    sql`${SELECT} WHERE p.user_id = ${id} AND p.site_id = ${siteId} AND (u.fictional OR u.email LIKE '%@' || ${CONSOLE_EMAIL_DOMAIN})`,
  );
  return row ?? null;
}

/** How a profile's sexuality follows from its gender and whom it seeks. */
const sexuality = (p: FictionalProfileInput) =>
  sql`CASE WHEN ${p.seeking}::text = 'both' THEN 'bi' WHEN ${p.seeking}::text <> ${p.gender}::text THEN 'hetero'
                        WHEN ${p.gender}::text = 'female' THEN 'lesbian' ELSE 'gay' END`;

export async function insertFictional(
  q: Queryable,
  siteId: number,
  language: string,
  p: FictionalProfileInput,
): Promise<string> {
  const u = await rowOf(
    q,
    z.object({ id: z.string() }),
    sql`INSERT INTO users (site_id, email, status, language, fictional)
     VALUES (${siteId}, 'fictional+' || gen_random_uuid() || '@' || ${CONSOLE_EMAIL_DOMAIN}, 'active', ${language}, ${p.fictional})
     RETURNING id`,
  );
  await run(
    q,
    sql`INSERT INTO profiles (user_id, site_id, name, gender, seeking, sexuality, birth_date, country, region, city,
        about, interests, hair_color, eye_color, body_type, relationship_status)
     VALUES (${u!.id}, ${siteId}, ${p.name}, ${p.gender}, ${p.seeking}, ${sexuality(p)}, ${p.birth_date}, ${p.country},
        ${p.region}, ${p.city}, ${p.about}, ${p.interests}, ${p.hair_color}, ${p.eye_color}, ${p.body_type},
        ${p.relationship_status})`,
  );
  return u!.id;
}

export async function updateFictional(q: Queryable, id: string, p: FictionalProfileInput): Promise<void> {
  await run(
    q,
    sql`UPDATE profiles SET gender = ${p.gender}, seeking = ${p.seeking}, sexuality = ${sexuality(p)}, name = ${p.name},
        birth_date = ${p.birth_date}, country = ${p.country}, region = ${p.region}, city = ${p.city}, about = ${p.about},
        interests = ${p.interests}, hair_color = ${p.hair_color}, eye_color = ${p.eye_color}, body_type = ${p.body_type},
        relationship_status = ${p.relationship_status}
      WHERE user_id = ${id}`,
  );
  await run(
    q,
    sql`UPDATE users SET fictional = ${p.fictional} WHERE id = ${id} AND fictional IS DISTINCT FROM ${p.fictional}`,
  );
}

/** Locks the account row (a send as this profile waits) and counts its conversations. */
export const lockAndCountConversations = (q: Queryable, id: string): Promise<number> =>
  countOf(
    q,
    sql`SELECT (SELECT count(*)::int FROM conversations c WHERE c.member_a = u.id OR c.member_b = u.id) AS n
          FROM users u WHERE u.id = ${id} FOR UPDATE`,
  );

const inboxRow = z.object({
  conversation_id: z.string(),
  last_message_at: z.date(),
  f_id: z.string(),
  f_name: z.string(),
  m_id: z.string(),
  m_name: z.string(),
  last_body: z.string(),
  last_kind: z.string(),
  unanswered: z.boolean(),
});
export type InboxRow = z.output<typeof inboxRow>;

/** The site's conversations of members with fictional profiles (and only `filter`'s). */
const inbox = (siteId: number, filter: Sql = sqlText('')) =>
  sql`SELECT c.id AS conversation_id, c.last_message_at, f.user_id AS f_id, f.name AS f_name,
       m.user_id AS m_id, m.name AS m_name, coalesce(lm.body, '') AS last_body, coalesce(lm.kind, 'text') AS last_kind,
       coalesce(lm.sender_id = f.user_id, false) IS FALSE AS unanswered
  FROM conversations c
  JOIN users ua ON ua.id = c.member_a
  JOIN users ub ON ub.id = c.member_b
  JOIN profiles f ON f.user_id = CASE WHEN ua.fictional THEN c.member_a ELSE c.member_b END
  JOIN profiles m ON m.user_id = CASE WHEN ua.fictional THEN c.member_b ELSE c.member_a END
  LEFT JOIN LATERAL (SELECT x.sender_id, x.body, x.kind FROM messages x
                      WHERE x.conversation_id = c.id AND x.kind <> 'system' ORDER BY x.id DESC LIMIT 1) lm ON true
 WHERE c.site_id = ${siteId} AND ua.fictional <> ub.fictional ${filter}`;

/** Conversations of members with fictional profiles: unanswered first, then newest first. */
export function inboxPage(
  q: Queryable,
  siteId: number,
  limit: number,
  offset: number,
): Promise<(InboxRow & { total_count: number; unanswered_count: number })[]> {
  // The window counts see the whole inbox (before LIMIT): the console shows them beside the page.
  return rowsOf(
    q,
    inboxRow.extend({ total_count: z.number(), unanswered_count: z.number() }),
    sql`SELECT x.*, count(*) OVER ()::int AS total_count,
               count(*) FILTER (WHERE x.unanswered) OVER ()::int AS unanswered_count
          FROM (${inbox(siteId)}) x
         ORDER BY x.unanswered DESC, x.last_message_at DESC, x.conversation_id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}

export async function inboxEntry(
  q: Queryable,
  siteId: number,
  conversationId: string,
): Promise<InboxRow | null> {
  return (await rowOf(q, inboxRow, inbox(siteId, sql`AND c.id = ${conversationId}`))) ?? null;
}

const inboxMessageRow = z.object({
  id: z.number(),
  sender_id: z.string(),
  kind: messageSchema.shape.kind,
  body: z.string(),
  gift: z.string().nullable(),
  created_at: z.date(),
  operator_name: z.string().nullable(),
});
export type InboxMessageRow = z.output<typeof inboxMessageRow>;

/** The latest messages of a conversation (oldest first), with the operator of each fictional one. */
export function inboxMessages(q: Queryable, conversationId: string, limit: number) {
  return rowsOf(
    q,
    inboxMessageRow,
    sql`SELECT * FROM (
          SELECT m.id, m.sender_id, m.kind, m.body, m.gift, m.created_at, om.operator_name
            FROM messages m LEFT JOIN operator_messages om ON om.message_id = m.id
           WHERE m.conversation_id = ${conversationId} ORDER BY m.id DESC LIMIT ${limit}) x
         ORDER BY id`,
  );
}

const memberFactsRow = z.object({
  name: z.string(),
  birth_date: z.string().nullable(),
  city: z.string().nullable(),
  credits: z.number().int(),
  paid_user: z.boolean(),
  last_active_at: z.coerce.date(),
});
export type MemberFactsRow = z.output<typeof memberFactsRow>;

/** What the operator answering sees of the member beside the conversation (never e-mail, place or address). */
export function memberFacts(
  q: Queryable,
  siteId: number,
  memberId: string,
): Promise<MemberFactsRow | undefined> {
  return rowOf(
    q,
    memberFactsRow,
    sql`SELECT p.name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.city, u.credits, u.paid_user,
               u.last_active_at
          FROM users u JOIN profiles p ON p.user_id = u.id
         WHERE u.id = ${memberId} AND u.site_id = ${siteId}`,
  );
}
