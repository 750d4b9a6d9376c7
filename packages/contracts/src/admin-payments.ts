import { z } from 'zod';
import { consolePageNumber, consolePageSchema } from './admin.ts';
import { adminMemberOrderSchema, operatorReason } from './admin-members.ts';
import { CURRENCIES, PAYMENT_METHODS } from './money.ts';

/**
 * The console's discount codes and payments (issue 17 item 7): codes with the fields of the
 * promotions schema (migration 016), their redemptions, orders with their status history, and a
 * refund through the provider (the order's sync books the ledger's reversal).
 */

export const CODE_VALIDITIES = ['once_per_user', 'single_use', 'unlimited'] as const;

/** A new code. Amounts in minor units of `currency`; a minimum needs a currency. */
export const discountCodeCreateSchema = z
  .object({
    code: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9_-]{3,40}$/, 'code_format')),
    value_percentage: z.number().int().min(1).max(90),
    validity: z.enum(CODE_VALIDITIES),
    currency: z.enum(CURRENCIES).nullable().default(null),
    minimum_order_value: z.number().int().positive().max(10_000_000).nullable().default(null),
    country: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, 'country_invalid'))
      .nullable()
      .default(null),
    expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
    payment_methods: z.array(z.enum(PAYMENT_METHODS)).max(PAYMENT_METHODS.length).default([]),
    /** A personal code: only this member (of this site) may use it. */
    user_id: z.uuid().nullable().default(null),
  })
  .refine((c) => c.minimum_order_value === null || c.currency !== null, {
    message: 'minimum_needs_currency',
    path: ['currency'],
  });
export type DiscountCodeCreate = z.input<typeof discountCodeCreateSchema>;

export const adminCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.string(),
  value_percentage: z.number().int(),
  validity: z.enum(CODE_VALIDITIES),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int().nullable(),
  country: z.string().nullable(),
  expires_at: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  payment_methods: z.array(z.string()),
  user_id: z.string().nullable(),
  created_at: z.string(),
  /** Redemptions held now (an order that ended unpaid gave its redemption back). */
  redemptions: z.number().int(),
});
export type AdminCode = z.infer<typeof adminCodeSchema>;

/** A code's id in a path. */
export const adminCodeParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const adminPageQuerySchema = z.object({ page: consolePageNumber });

export const adminCodePageSchema = consolePageSchema({ codes: z.array(adminCodeSchema) });
export type AdminCodePage = z.infer<typeof adminCodePageSchema>;

/** A redemption of a code: the member, the order, when. */
export const adminRedemptionSchema = z.object({
  member_id: z.string(),
  member_name: z.string().nullable(),
  member_email: z.string(),
  order_id: z.string(),
  order_status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
});

export const adminRedemptionPageSchema = consolePageSchema({
  code: adminCodeSchema,
  redemptions: z.array(adminRedemptionSchema),
});
export type AdminRedemptionPage = z.infer<typeof adminRedemptionPageSchema>;

/** Orders by order id, or by member (id or e-mail). */
export const adminOrderSearchSchema = z.object({
  q: z.string().trim().max(254).default(''),
  page: consolePageNumber,
});

export const adminOrderRowSchema = adminMemberOrderSchema.extend({
  member_id: z.string(),
  member_email: z.string(),
});

export const adminOrderPageSchema = consolePageSchema({ orders: z.array(adminOrderRowSchema) });
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

export const adminOrderDetailSchema = z.object({
  order: adminOrderRowSchema.extend({
    member_name: z.string().nullable(),
    list_amount: z.number().int().nullable(),
    discount_code: z.string().nullable(),
    discount_percentage: z.number().int().nullable(),
    provider: z.string(),
    provider_payment_id: z.string().nullable(),
    reversed_credits: z.number().int(),
    uncollected_credits: z.number().int(),
    paid_at: z.string().nullable(),
    /** What may still be refunded (minor units): the amount less refunds and chargebacks so far. */
    refundable: z.number().int(),
  }),
  events: z.array(z.object({ status: z.string(), source: z.string(), created_at: z.string() })),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** A refund: the whole remaining amount, or part of it (minor units). */
export const adminRefundSchema = z.object({
  amount: z.number().int().positive().optional(),
  reason: operatorReason,
});
