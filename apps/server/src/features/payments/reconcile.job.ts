import type { Db } from '../../platform/db.ts';
import { unsettledOrders } from './orders.repo.ts';
import { type OrderChange, syncOrder } from './orders.service.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * Asks the provider about orders still open or pending some minutes after their last change
 * (a webhook lost, a payer who closed the tab on the checkout): each follows the provider's
 * answer, as a webhook would make it. Returns the changes for the caller to announce.
 */
export async function reconcileOrders(
  db: Db,
  provider: PaymentProvider,
  opts: { olderThanS?: number; limit?: number } = {},
): Promise<OrderChange[]> {
  const orders = await unsettledOrders(db, provider.name, opts.olderThanS ?? 300, opts.limit ?? 200);
  const changes: OrderChange[] = [];
  for (const order of orders) {
    changes.push(await syncOrder(db, provider, order, 'reconcile'));
  }
  return changes.filter((c) => c.changed);
}
