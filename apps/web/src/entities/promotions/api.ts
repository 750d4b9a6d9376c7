import type { DiscountCode } from '@amora/contracts';
import { type BodyOf, endpoints } from '@amora/contracts/endpoints';
import { call } from '../../api/client.ts';

const { payments } = endpoints;

/** The member's welcome code, per member: another member in this tab never sees this one's. */
export { welcomeKey } from '@amora/contracts/rules';

/**
 * The welcome time bonus as the query keeps it: the server's answer and when it arrived on this
 * browser's clock, or null for the one the server put in the page (ssr.ts; it arrived with the page).
 */
export interface WelcomeAnswer {
  code: DiscountCode;
  receivedAt: number | null;
}

/** The welcome time bonus (spec §7 GET /api/discountcode.php?welcome=true). */
export async function fetchWelcome(signal?: AbortSignal): Promise<WelcomeAnswer> {
  const code = await call(payments.discountCode, { query: { welcome: 'true' }, signal });
  return { code, receivedAt: Date.now() };
}

/**
 * The personal code offered to a member who asks to delete the account (site setting
 * delete_discount): the deletion form comes with it, and the server checks it as the deletion does.
 */
export const fetchDeleteOffer = (body: { reason: string; remarks?: string; password: string }) =>
  // `reason` as the settings form holds it: its resolver lets only a listed one by.
  call(payments.deleteOffer, { body: body as BodyOf<typeof payments.deleteOffer> });
