/**
 * Who may see whom: the one rule, used by search, likes, chats, member pages and the match finder.
 *
 * A member is shown to a viewer when
 * - both are on the same site (every query is scoped by site first);
 * - neither has blocked the other;
 * - the member's account is active or not yet confirmed (not pending deletion, deleted, disabled)
 *   and their profile is active;
 * - the member is not invisible, unless the invisible member reached out to the viewer first
 *   (liked them or talks with them, spec §6), or it is the viewer themself.
 *
 * `profiles.searchable` holds "active account, active profile, not invisible, not a fictional
 * profile of a site that switched them off" (kept by triggers from `users` and `sites`), so lists
 * can use one indexed column; `profiles.fictional_hidden` is the last part alone.
 */

/** SQL: no block between the viewer and the member, in either direction. */
export const notBlockedSql = (viewer: string, member: string) =>
  `NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${viewer} AND b.blocked_id = ${member})
                                         OR (b.blocker_id = ${member} AND b.blocked_id = ${viewer}))`;

/**
 * SQL: `member` reached out to `viewer` first (spec §6: an invisible member "must send first
 * message or like"): liked the viewer, or the two have a conversation. Such a member stays visible
 * to that viewer, so the like arrives in their list and can be liked back.
 */
export const reachedOutSql = (member: string, viewer: string) =>
  `(EXISTS (SELECT 1 FROM likes ro WHERE ro.liker_id = ${member} AND ro.liked_id = ${viewer})
    OR EXISTS (SELECT 1 FROM conversations rc
                WHERE rc.member_a = least(${member}::uuid, ${viewer}::uuid)
                  AND rc.member_b = greatest(${member}::uuid, ${viewer}::uuid)))`;

/**
 * SQL: member (profile `p`, user `u`) is shown to `viewer`; invisible members too when
 * `invisibleToo` (an SQL boolean: true where the member reached out, by default reachedOutSql).
 * Search and the discovery lists do not use it: they show only `searchable` members.
 */
export const shownSql = (
  p: string,
  u: string,
  viewer: string,
  invisibleToo: string = reachedOutSql(`${p}.user_id`, viewer),
) =>
  `(${p}.searchable OR (${invisibleToo} AND ${u}.status IN ('active', 'not_confirmed') AND ${p}.status = 'active'
     AND NOT ${p}.fictional_hidden))
   AND ${notBlockedSql(viewer, `${p}.user_id`)}`;

/** The same rule for one profile already read (member pages); blocks are checked apart (403). */
export function profileShown(
  p: {
    site_id: number;
    user_id: string;
    user_status: string;
    status: string;
    invisible: boolean;
    fictional_hidden: boolean;
  },
  siteId: number,
  viewerId: string | null,
  reachedOut: () => Promise<boolean>,
): Promise<boolean> | boolean {
  if (
    p.site_id !== siteId ||
    !['active', 'not_confirmed'].includes(p.user_status) ||
    p.status !== 'active' ||
    p.fictional_hidden
  )
    return false;
  if (!p.invisible || viewerId === p.user_id) return true;
  return viewerId ? reachedOut() : false;
}
