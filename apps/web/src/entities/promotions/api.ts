import { type BodyOf, endpoints } from '@amora/contracts/endpoints';
import { call } from '../../api/client.ts';
import { localDeadline } from './countdown.ts';

const { payments } = endpoints;

/** The member's welcome code, per member: another member in this tab never sees this one's. */
export const welcomeKey = (userId: string) => ['promotions', 'welcome', userId] as const;

/**
 * The welcome time bonus (spec §7 GET /api/discountcode.php?welcome=true) with its deadline placed
 * on this browser's clock once, from the server's `expires` and `now` of the same answer.
 */
export async function fetchWelcome(signal?: AbortSignal) {
  const code = await call(payments.discountCode, { query: { welcome: 'true' }, signal });
  return { code, deadline: localDeadline(code, Date.now()) };
}

/**
 * The personal code offered to a member who asks to delete the account (site setting
 * delete_discount): the deletion form comes with it, and the server checks it as the deletion does.
 */
export const fetchDeleteOffer = (body: { reason: string; remarks?: string; password: string }) =>
  // `reason` as the settings form holds it: its resolver lets only a listed one by.
  call(payments.deleteOffer, { body: body as BodyOf<typeof payments.deleteOffer> });
