import type { Order } from '@amora/contracts';
import type { OrderRow } from './orders.repo.ts';

/** What a member sees of their order: never the provider's ids or the checkout link of another. */
export function presentOrder(o: OrderRow): Order {
  return {
    id: o.id,
    package_id: o.package_id,
    credits: o.credits,
    amount: o.amount,
    currency: o.currency,
    method: o.method,
    status: o.status,
    created_at: new Date(o.created_at).toISOString(),
    paid_at: o.paid_at ? new Date(o.paid_at).toISOString() : null,
    reversed_credits: o.reversed_credits,
    reversed_amount: o.reversed_amount,
    list_amount: o.list_amount ?? o.amount,
    discount_percentage: o.discount_percentage,
    transaction_fee: o.transaction_fee ?? 0,
  };
}
