import type { ScamKind } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';
import type { Site } from '../../platform/sites.ts';
import { flagMessage, messagesBySender } from './safety.repo.ts';
import { SCAM_RULE_KINDS, type ScamMatch, scanMessage } from './scam.ts';

/**
 * Scam warnings in the chat (issue 30 item 3). A member's text message is scanned before its
 * transaction (a pure check, no lock held); a match is recorded in the same transaction as the
 * message: the message keeps the rule (the recipient sees a warning under it), and the
 * conversation joins the moderation queue as an automated report. Nothing is blocked and the
 * sender is not told. Console operators writing as fictional profiles are not scanned.
 */

/** The rules a text may match, checked as if it were the sender's first message. */
export const scamCandidate = (site: Site, body: string): ScamMatch | null =>
  scanMessage(body, { position: 1, ownHosts: [site.domain] });

/**
 * Records a candidate once the message is written: a rule meant for a sender's first messages
 * is checked against their real count in the conversation (and the text scanned again at that
 * position when it is past them). Returns the rule recorded, if any.
 */
export async function recordScam(
  q: Queryable,
  site: Site,
  candidate: ScamMatch,
  m: { id: number; conversationId: string; senderId: string; body: string },
): Promise<ScamMatch | null> {
  let match: ScamMatch | null = candidate;
  if (candidate.early !== null) {
    const position = await messagesBySender(q, m.conversationId, m.senderId);
    if (position > candidate.early) match = scanMessage(m.body, { position, ownHosts: [site.domain] });
  }
  if (!match) return null;
  await flagMessage(q, {
    siteId: site.id,
    conversationId: m.conversationId,
    messageId: m.id,
    senderId: m.senderId,
    rule: match.rule,
    body: m.body,
  });
  return match;
}

/** The kind of warning a stored rule id shows (null for a rule since removed from the data). */
export const scamKindOf = (rule: string): ScamKind | null => SCAM_RULE_KINDS.get(rule) ?? null;
