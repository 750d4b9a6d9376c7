import { z } from 'zod';
import { sepaIban } from './iban.ts';
import { CURRENCIES, ORDER_STATES, PACKAGE_IDS, PAYMENT_METHODS } from './money.ts';

export const packageIdSchema = z.enum(PACKAGE_IDS);
export const currencySchema = z.enum(CURRENCIES);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export const orderStateSchema = z.enum(ORDER_STATES);

/** A site's packages (site settings): credits and tax-inclusive prices in minor units per currency. */
export const packageConfigSchema = z.object({
  id: packageIdSchema,
  credits: z.number().int().min(1).max(100_000),
  prices: z.partialRecord(currencySchema, z.number().int().min(50).max(10_000_000)),
});

/** One package as a payer from a given country sees it. */
export const pricedPackageSchema = z.object({
  id: packageIdSchema,
  credits: z.number().int(),
  /** Tax-inclusive price in minor units of `currency`. */
  amount: z.number().int(),
  currency: currencySchema,
  popular: z.boolean(),
  /** The price before a discount code (equal to `amount` without one). */
  list_amount: z.number().int(),
});
export type PricedPackage = z.infer<typeof pricedPackageSchema>;

export const pricingResponseSchema = z.object({
  country: z.string(),
  currency: currencySchema,
  packages: z.array(pricedPackageSchema),
  /** Methods offered at checkout for this country and currency, local ones first. */
  methods: z.array(paymentMethodSchema),
  /** What a credit buys (site settings). */
  costs: z.object({ message: z.number().int(), photo: z.number().int(), gift: z.number().int() }),
  refund_days: z.number().int(),
  /** SEPA direct debit (/directdebit) is offered to this member: the site has a creditor id, the country is SEPA. */
  direct_debit: z.boolean(),
  /**
   * Payments go to the built-in sandbox provider: test payments, no money moves. The checkout
   * pages say so (issue 25 item 1).
   */
  test_payments: z.boolean(),
  /** The discount code these prices include (asked for with ?code=), if any. */
  discount: z
    .object({ code: z.string(), value_percentage: z.number().int(), expires: z.string().nullable() })
    .nullable(),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

export const createOrderBodySchema = z.object({
  package_id: packageIdSchema,
  method: paymentMethodSchema,
  /**
   * Made by the page once per checkout attempt: a double click or a retry of the same attempt
   * is the same order and the same provider payment.
   */
  attempt_id: z.uuid(),
  /** A discount code; the server checks it and prices the order with it. */
  code: z.string().trim().max(40).optional(),
});

export const orderSchema = z.object({
  id: z.uuid(),
  package_id: packageIdSchema,
  credits: z.number().int(),
  amount: z.number().int(),
  currency: currencySchema,
  method: paymentMethodSchema,
  status: orderStateSchema,
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Credits taken back by a refund or chargeback. */
  reversed_credits: z.number().int(),
  /** Minor units refunded or charged back so far (a partial refund is less than `amount`). */
  reversed_amount: z.number().int(),
  /** The price before the discount, and the discount, when a code lowered it. */
  list_amount: z.number().int(),
  discount_percentage: z.number().int().nullable(),
  /** Spec §3: the transaction fee the payment method added to the price (minor units, part of amount; 0: none). */
  transaction_fee: z.number().int(),
});
export type Order = z.infer<typeof orderSchema>;

export const createOrderResponseSchema = z.object({
  order: orderSchema,
  /** The provider's hosted checkout, where the browser goes next. */
  checkout_url: z.string(),
});

/** One order with what the transaction page shows beside it. */
export const orderDetailSchema = z.object({
  order: orderSchema,
  /** The member's balance and premium state now (the page updates the badge from it). */
  user: z.object({ credits: z.number().int(), paid_user: z.boolean() }),
  /** Last day a refund may be asked for (refund_days after payment), if paid. */
  refund_until: z.string().nullable(),
  company: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
    kvk: z.string(),
    vat_numbers: z.array(z.string()),
    support_email: z.string(),
  }),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const ordersPageSchema = z.object({
  orders: z.array(orderSchema),
  next_cursor: z.string().nullable(),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** A stored payment method as the member recognises it. */
export const storedMethodSchema = z.object({ label: z.string(), method: paymentMethodSchema });

/** The member's stored card (repeat order) and SEPA mandate (direct debit), if any. */
export const storedMethodsSchema = z.object({
  card: storedMethodSchema.nullable(),
  direct_debit: storedMethodSchema.nullable(),
});
export type StoredMethods = z.infer<typeof storedMethodsSchema>;

/**
 * What a member who deletes the account leaves behind (issue 26 item 7), for the deletion form to
 * say before the member confirms: the credits still there that were paid for (at most the balance:
 * purchases net of refunds), and payments the provider has not settled yet.
 */
export const deletionFactsSchema = z.object({
  paid_credits: z.number().int(),
  pending: z.array(
    z.object({
      id: z.uuid(),
      amount: z.number().int(),
      currency: currencySchema,
      method: paymentMethodSchema,
    }),
  ),
});
export type DeletionFacts = z.infer<typeof deletionFactsSchema>;

/** Buying a package again with the stored card: one confirmation, no checkout. */
export const repeatOrderBodySchema = z.object({
  package_id: packageIdSchema,
  attempt_id: z.uuid(),
  /** A discount code, checked and applied by the server as at checkout. */
  code: z.string().trim().max(40).optional(),
});

const phone = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{8,15}$/, 'phone_invalid'));

/** Asking for the SMS code of the direct-debit form. */
export const smsCodeRequestSchema = z.object({ phone });

export const smsCodeResponseSchema = z.object({
  /** Seconds before another code may be asked for. */
  resend_after: z.number().int(),
});

/** The direct-debit form (spec §3): the mandate authorises this one debit. */
export const directDebitBodySchema = z.object({
  package_id: packageIdSchema,
  attempt_id: z.uuid(),
  holder: z.string().trim().min(2, 'field_required').max(70),
  /** Checked (sepaIban) and sent on in electronic form: the server and the form apply the same rule. */
  iban: z
    .string()
    .max(42, 'iban_invalid')
    .transform((v, ctx) => {
      const iban = sepaIban(v);
      if (!iban) ctx.addIssue({ code: 'custom', message: 'iban_invalid' });
      return iban ?? v;
    }),
  street: z.string().trim().min(1, 'field_required').max(70),
  house_number: z.string().trim().min(1, 'field_required').max(10),
  postal_code: z.string().trim().min(3, 'field_required').max(10),
  city: z.string().trim().min(1, 'field_required').max(50),
  phone,
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'code_invalid'),
  mandate: z.literal(true, { error: 'mandate_required' }),
  /** A discount code (`code` is the SMS code here), checked and applied by the server as at checkout. */
  discount_code: z.string().trim().max(40).optional(),
});

/** A discount code as spec §3 describes it (GET /api/discountcode.php). */
export const discountCodeSchema = z.object({
  code: z.string(),
  value_percentage: z.number().int(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int().nullable(),
  country: z.string().nullable(),
  /** The member's own id for a personal code, else null. */
  user_id: z.string().nullable(),
  expires: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  validity: z.enum(['once_per_user', 'single_use', 'unlimited']),
  expired: z.boolean(),
  paymentmethods: z.array(z.string()),
  /** The server's clock when it answered (a countdown runs from the server's deadline, not the browser's clock). */
  now: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

/** Spec §7: the query is passed through (code, country); welcome=true asks for the member's welcome code. */
export const discountQuerySchema = z.object({
  code: z.string().trim().max(40).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  welcome: z.enum(['true', 'false']).optional(),
});

export const pricingQuerySchema = z.object({ code: z.string().trim().max(40).optional() });
