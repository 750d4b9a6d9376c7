import type { FictionalProfileInput } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';

/** Profiles made in the console carry an address nobody can receive mail at (RFC 2606 .invalid). */
export const CONSOLE_EMAIL_DOMAIN = 'fictional.invalid';

export interface FictionalRow extends Omit<FictionalProfileInput, 'birth_date'> {
  id: string;
  birth_date: string;
  conversations: number;
  created_at: Date;
}

const SELECT = `SELECT p.user_id AS id, p.name, p.gender, p.seeking, p.birth_date::text AS birth_date, p.country,
    p.region, p.city, p.about, p.interests, p.hair_color, p.eye_color, p.body_type, p.relationship_status,
    u.fictional, u.signup_date AS created_at,
    (SELECT count(*)::int FROM conversations c WHERE c.member_a = u.id OR c.member_b = u.id) AS conversations
  FROM profiles p JOIN users u ON u.id = p.user_id`;

/** The site's fictional profiles, and those the console made and later unmarked. */
export async function listFictional(q: Queryable, siteId: number): Promise<FictionalRow[]> {
  return q.query<FictionalRow>(
    `${SELECT} WHERE p.site_id = $1 AND (u.fictional OR u.email LIKE '%@' || $2)
      ORDER BY lower(p.name) LIMIT 500`,
    [siteId, CONSOLE_EMAIL_DOMAIN],
  );
}

export async function fictionalById(q: Queryable, siteId: number, id: string): Promise<FictionalRow | null> {
  const [row] = await q.query<FictionalRow>(
    `${SELECT} WHERE p.user_id = $2 AND p.site_id = $1 AND (u.fictional OR u.email LIKE '%@' || $3)`,
    [siteId, id, CONSOLE_EMAIL_DOMAIN],
  );
  return row ?? null;
}

const sexuality = `CASE WHEN $3 = 'both' THEN 'bi' WHEN $3 <> $2 THEN 'hetero'
                        WHEN $2 = 'female' THEN 'lesbian' ELSE 'gay' END`;

/** The profile's fields as $2..$14 of both statements below (gender $2 and seeking $3, as `sexuality` reads them). */
const profileValues = (p: FictionalProfileInput) => [
  p.gender,
  p.seeking,
  p.name,
  p.birth_date,
  p.country,
  p.region,
  p.city,
  p.about,
  p.interests,
  p.hair_color,
  p.eye_color,
  p.body_type,
  p.relationship_status,
];

export async function insertFictional(
  q: Queryable,
  siteId: number,
  language: string,
  p: FictionalProfileInput,
): Promise<string> {
  const [u] = await q.query<{ id: string }>(
    `INSERT INTO users (site_id, email, status, language, fictional)
     VALUES ($1, 'fictional+' || gen_random_uuid() || '@' || $2, 'active', $3, $4) RETURNING id`,
    [siteId, CONSOLE_EMAIL_DOMAIN, language, p.fictional],
  );
  await q.query(
    `INSERT INTO profiles (user_id, site_id, name, gender, seeking, sexuality, birth_date, country, region, city,
        about, interests, hair_color, eye_color, body_type, relationship_status)
     VALUES ($1, $15, $4, $2, $3, ${sexuality}, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [u!.id, ...profileValues(p), siteId],
  );
  return u!.id;
}

export async function updateFictional(q: Queryable, id: string, p: FictionalProfileInput): Promise<void> {
  await q.query(
    `UPDATE profiles SET gender = $2, seeking = $3, sexuality = ${sexuality}, name = $4, birth_date = $5,
        country = $6, region = $7, city = $8, about = $9, interests = $10, hair_color = $11, eye_color = $12,
        body_type = $13, relationship_status = $14
      WHERE user_id = $1`,
    [id, ...profileValues(p)],
  );
  await q.query('UPDATE users SET fictional = $2 WHERE id = $1 AND fictional IS DISTINCT FROM $2', [
    id,
    p.fictional,
  ]);
}

/** Locks the account row (a send as this profile waits) and counts its conversations. */
export async function lockAndCountConversations(q: Queryable, id: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT (SELECT count(*)::int FROM conversations c WHERE c.member_a = u.id OR c.member_b = u.id) AS n
       FROM users u WHERE u.id = $1 FOR UPDATE`,
    [id],
  );
  return row?.n ?? 0;
}

export interface InboxRow {
  conversation_id: string;
  last_message_at: Date;
  f_id: string;
  f_name: string;
  m_id: string;
  m_name: string;
  last_body: string;
  last_kind: string;
  unanswered: boolean;
}

const INBOX = `SELECT c.id AS conversation_id, c.last_message_at, f.user_id AS f_id, f.name AS f_name,
       m.user_id AS m_id, m.name AS m_name, coalesce(lm.body, '') AS last_body, coalesce(lm.kind, 'text') AS last_kind,
       coalesce(lm.sender_id = f.user_id, false) IS FALSE AS unanswered
  FROM conversations c
  JOIN users ua ON ua.id = c.member_a
  JOIN users ub ON ub.id = c.member_b
  JOIN profiles f ON f.user_id = CASE WHEN ua.fictional THEN c.member_a ELSE c.member_b END
  JOIN profiles m ON m.user_id = CASE WHEN ua.fictional THEN c.member_b ELSE c.member_a END
  LEFT JOIN LATERAL (SELECT x.sender_id, x.body, x.kind FROM messages x
                      WHERE x.conversation_id = c.id AND x.kind <> 'system' ORDER BY x.id DESC LIMIT 1) lm ON true
 WHERE c.site_id = $1 AND ua.fictional <> ub.fictional`;

/** Conversations of members with fictional profiles: unanswered first, then newest first. */
export async function inboxPage(
  q: Queryable,
  siteId: number,
  limit: number,
  offset: number,
): Promise<(InboxRow & { total_count: number; unanswered_count: number })[]> {
  // The window counts see the whole inbox (before LIMIT): the console shows them beside the page.
  return q.query<InboxRow & { total_count: number; unanswered_count: number }>(
    `SELECT x.*, count(*) OVER ()::int AS total_count,
            count(*) FILTER (WHERE x.unanswered) OVER ()::int AS unanswered_count
       FROM (${INBOX}) x
      ORDER BY x.unanswered DESC, x.last_message_at DESC, x.conversation_id DESC LIMIT $2 OFFSET $3`,
    [siteId, limit, offset],
  );
}

export async function inboxEntry(
  q: Queryable,
  siteId: number,
  conversationId: string,
): Promise<InboxRow | null> {
  const [row] = await q.query<InboxRow>(`${INBOX} AND c.id = $2`, [siteId, conversationId]);
  return row ?? null;
}

export interface InboxMessageRow {
  id: string;
  sender_id: string;
  kind: 'text' | 'gift' | 'photo' | 'system';
  body: string;
  gift: string | null;
  created_at: Date;
  operator_name: string | null;
}

/** The latest messages of a conversation (oldest first), with the operator of each fictional one. */
export async function inboxMessages(q: Queryable, conversationId: string, limit: number) {
  return q.query<InboxMessageRow>(
    `SELECT * FROM (
       SELECT m.id, m.sender_id, m.kind, m.body, m.gift, m.created_at, om.operator_name
         FROM messages m LEFT JOIN operator_messages om ON om.message_id = m.id
        WHERE m.conversation_id = $1 ORDER BY m.id DESC LIMIT $2) x
      ORDER BY id`,
    [conversationId, limit],
  );
}
