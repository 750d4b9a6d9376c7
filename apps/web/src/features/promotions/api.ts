import { endpoints } from '@amora/contracts/endpoints';
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

/** The personal code offered to a member who starts deleting the account (site setting delete_discount). */
export const fetchDeleteOffer = () => call(payments.deleteOffer);
