import type { Db } from '../../platform/db.ts';
import { dbNow, markChecked, type OrderRow, unsettledOrders } from './orders.repo.ts';
import { type OrderChange, syncOrder } from './orders.service.ts';
import { type PaymentProvider, ProviderUnavailable } from './provider.ts';

export interface ReconcileOptions {
  /** Orders changed less than this long ago are left to their webhook (default 300 s). */
  olderThanS?: number;
  /** Orders asked about per batch (default 100). */
  batch?: number;
  /**
   * At most this many orders per run (default 1,000: a few minutes of provider calls, within the
   * job's time); the rest are the next run's first.
   */
  maxOrders?: number;
  /** Told about an order that could not be settled (not a provider outage: that ends the run). */
  onError?: (order: OrderRow, err: unknown) => void;
}

/**
 * Asks the provider about orders still open or pending some minutes after their last change (a
 * webhook lost, a create that went unanswered, a payer who closed the tab on the checkout): each
 * follows the provider's answer, as a webhook would make it; abandoned checkouts end as expired
 * when the provider's payments expire, and orders whose payment the provider never made expire
 * too (syncOrder). Every check is recorded, and a run goes through all due orders in batches,
 * never-checked ones first (newest first), then the least recently checked: a few abandoned
 * checkouts, or thousands, never hide a paid order whose webhook was lost. An order that cannot be
 * settled (a mismatch) is recorded as checked and passed over; a provider that is unreachable
 * ends the run (the next one goes on). Returns the changes for the caller to announce.
 */
export async function reconcileOrders(
  db: Db,
  provider: PaymentProvider,
  opts: ReconcileOptions = {},
): Promise<OrderChange[]> {
  const batch = opts.batch ?? 100;
  const max = opts.maxOrders ?? 1_000;
  const runStart = await dbNow(db);
  const changes: OrderChange[] = [];
  let seen = 0;
  while (seen < max) {
    const size = Math.min(batch, max - seen);
    const orders = await unsettledOrders(db, provider.name, opts.olderThanS ?? 300, runStart, size);
    for (const order of orders) {
      try {
        const change = await syncOrder(db, provider, order, 'reconcile');
        if (change.changed) changes.push(change);
      } catch (err) {
        if (err instanceof ProviderUnavailable) return changes;
        opts.onError?.(order, err);
      }
      await markChecked(db, order.id);
      seen++;
    }
    if (orders.length < size) break;
  }
  return changes;
}
