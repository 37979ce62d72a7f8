import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FitmentPosition } from '@pitstop/core/fitment';
// The values an order's timeline, shipments and returns take are the API's own (one list each).
import { ORDER_EVENT_KINDS, RETURN_REASONS, RETURN_STATUSES } from '@pitstop/core/order-detail';
import { CARRIERS } from '@pitstop/core/shipments';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export interface Specification {
  key: string;
  value: string;
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    seller: text('seller').notNull(),
    priceCents: integer('price_cents').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    /**
     * The average of the part's reviews (one decimal) and how many there are, kept with each
     * review so the rating sort and filter read one column. Nobody sets a rating by hand: with
     * no reviews it is 0, which means "no rating" (docs/decisions/011-honest-ratings.md).
     */
    ratings: doublePrecision('ratings').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    stock: integer('stock').notNull(),
    availablequantity: integer('available_quantity').notNull(),
    minquantity: integer('min_quantity').notNull().default(1),
    /** One of the brands table's names (issue #29: brands are data). */
    brand: text('brand')
      .notNull()
      .references(() => brands.name, { onUpdate: 'cascade' }),
    category: text('category').notNull(),
    partNumber: text('part_number').notNull().unique(),
    specifications: jsonb('specifications').$type<Specification[]>().notNull().default([]),
    universal: boolean('universal').notNull().default(false),
    /** The part number as searched: "15-9080", "15 9080" and "159080" are one key. */
    partNumberKey: text('part_number_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(part_number, '[^a-zA-Z0-9]', '', 'g'))`),
    /** Part number and name weigh most, then brand and category, then the description. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, part_number || ' ' || name), 'A') || setweight(to_tsvector('english'::regconfig, brand || ' ' || replace(category, '-', ' ')), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')`,
      ),
    ...timestamps,
  },
  (t) => [
    check('parts_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('parts_available_nonnegative', sql`${t.availablequantity} >= 0`),
    check('parts_min_positive', sql`${t.minquantity} >= 1`),
    check('parts_stock_nonnegative', sql`${t.stock} >= 0`),
    check(
      'parts_rating_from_reviews',
      sql`(${t.reviewCount} = 0 AND ${t.ratings} = 0) OR (${t.reviewCount} > 0 AND ${t.ratings} BETWEEN 1 AND 5)`,
    ),
    index('parts_listing_idx').on(t.createdAt, t.id),
    index('parts_brand_idx').on(t.brand),
    index('parts_category_idx').on(t.category),
    index('parts_search_idx').using('gin', t.searchVector),
    index('parts_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('parts_number_key_idx').on(t.partNumberKey.op('text_pattern_ops')),
    index('parts_price_idx').on(t.priceCents),
  ],
);

/** The bikes the shop knows: one row per model year, so the selector lists real years only. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    variant: text('variant'),
    engine: text('engine'),
  },
  (t) => [uniqueIndex('vehicles_year_make_model_idx').on(t.year, t.make, t.model)],
);

export const partFitments = pgTable(
  'part_fitments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull(),
    position: text('position').$type<FitmentPosition>(),
    quantity: integer('quantity').notNull().default(1),
    note: text('note'),
  },
  (t) => [
    check('fitment_years_ordered', sql`${t.yearFrom} <= ${t.yearTo}`),
    check('fitment_quantity_positive', sql`${t.quantity} >= 1`),
    check('fitment_position_known', sql`${t.position} in ('front', 'rear', 'left', 'right', 'pair')`),
    index('part_fitments_part_idx').on(t.partId),
    // Covers the bike filter: one index range per bike, part ids read from the index alone.
    index('part_fitments_vehicle_idx').on(t.make, t.model, t.yearFrom, t.yearTo, t.partId),
  ],
);

export type PartRow = typeof parts.$inferSelect;
export type NewPartRow = typeof parts.$inferInsert;
export type FitmentRow = typeof partFitments.$inferSelect;

/*
 * Accounts: the four tables better-auth's Drizzle adapter works with (user, session, account,
 * verification), with our own fields on user. Property names are better-auth's field names.
 */
export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** Read from the database on every request, so a demotion takes effect at once. */
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    occupation: text('occupation'),
    /** The payment provider's customer (Stripe `cus_…`) that holds the saved cards; null before the first. */
    paymentCustomerId: text('payment_customer_id'),
    /** 1-Click offered (issue #28); the customer can turn it off on the profile. */
    oneClickEnabled: boolean('one_click_enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [check('user_role_known', sql`${t.role} in ('user', 'admin')`)],
);

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export type UserRow = typeof users.$inferSelect;

/** A customer's saved bikes; at most one is active (the one the shop filters and badges by). */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    active: boolean('active').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('garage_user_vehicle_idx').on(t.userId, t.year, t.make, t.model),
    uniqueIndex('garage_one_active_idx')
      .on(t.userId)
      .where(sql`${t.active}`),
  ],
);
export type GarageVehicleRow = typeof garageVehicles.$inferSelect;

/**
 * 'on_account': placed on an approved customer's credit (net 30): it ships like a paid order and
 * never expires; paid_at says when the invoice was settled (docs/decisions/014-credit-and-refunds.md).
 */
export const ORDER_STATUS_VALUES = [
  /** A company buyer's order over their limit (issue #30): holds its stock until an approver decides. */
  'awaiting_approval',
  'unpaid',
  'on_account',
  'paid',
  /** Some lines have left in a shipment, the rest wait (docs/decisions/026). */
  'partially_shipped',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export const CANCEL_REASON_VALUES = ['expired', 'customer', 'admin', 'declined'] as const;

/** A delivery address as an order and the address book keep it (validated by the checkout). */
export interface AddressValue {
  name: string;
  street: string;
  /** Apartment, suite, unit (issue #28); absent in older orders. */
  line2?: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

/**
 * An order: who, where, how much and its status times. What was bought lives in its lines, each
 * with its own copy of the part's name and unit price: a later price change or a deleted part or
 * account never rewrites history. Orders from the spec's POST /api/order have one line, no address
 * and no tax. Later steps (reservation expiry, refunds, pay on account) add their own columns.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    num: text('num').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    deliveryAddress: jsonb('delivery_address').$type<AddressValue>(),
    paymentMethod: text('payment_method', { enum: ['card', 'account'] })
      .notNull()
      .default('card'),
    status: text('status', { enum: ORDER_STATUS_VALUES }).notNull().default('unpaid'),
    transactionId: text('transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** Until when an unpaid order holds its stock; the expiry job cancels it after (null: no deadline). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Why a cancelled order was cancelled: not paid in time, by the customer, or by an admin. */
    cancelReason: text('cancel_reason', { enum: CANCEL_REASON_VALUES }),
    /** When an on-account order's invoice falls due (net 30); null for card orders. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true, mode: 'date' }),
    /** When the provider refunded a paid order an admin cancelled, and its refund id. */
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    refundId: text('refund_id'),
    /**
     * The short number people use (shown as PS-10482): taken from `order_number_counter` as the
     * last step of the order's own transaction, so numbers never repeat and never skip (a checkout
     * that rolls back takes none). Null only inside that transaction.
     */
    number: integer('number').unique(),
    /** Everything given back so far (cancel, returns), in cents; never more than the total. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** An unpaid or cancelled order an owner or admin deleted: hidden from lists, kept for history. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /**
     * The delivery date promised when the order was placed (the shop's delivery settings then, the
     * address's state), shown on the confirmation, receipt and order page; null: no promise made.
     */
    promisedOn: date('promised_on', { mode: 'string' }),
    /** Placed with 1-Click (issue #28): paid off-session with a saved card; cancellable with a refund until shipped. */
    oneClick: boolean('one_click').notNull().default(false),
    /** The company a member placed it for (issue #30); its members and accountants see it. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    /** The buyer's purchase order number, as typed at checkout (issue #30). */
    poNumber: text('po_number'),
    /** Taken off the subtotal by a discount code (issue #30): total = subtotal - discount + tax. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The discount code used, as it was typed when the order was placed. */
    discountCode: text('discount_code'),
    ...timestamps,
  },
  (t) => [
    check('orders_subtotal_nonnegative', sql`${t.subtotalCents} >= 0`),
    check('orders_refunded_within_total', sql`${t.refundedCents} between 0 and ${t.totalCents}`),
    check(
      'orders_cancel_reason_known',
      sql`${t.cancelReason} in ('expired', 'customer', 'admin', 'declined')`,
    ),
    check('orders_tax_nonnegative', sql`${t.taxCents} >= 0`),
    check(
      'orders_total_is_sum',
      sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.taxCents}`,
    ),
    check('orders_discount_within_subtotal', sql`${t.discountCents} between 0 and ${t.subtotalCents}`),
    check(
      'orders_status_known',
      sql`${t.status} in ('awaiting_approval', 'unpaid', 'on_account', 'paid', 'partially_shipped', 'shipped', 'delivered', 'cancelled')`,
    ),
    check('orders_payment_method_known', sql`${t.paymentMethod} in ('card', 'account')`),
    // A customer's orders are looked up by email whatever its case (GET /api/order/:email).
    index('orders_email_lower_idx').on(sql`lower(${t.email})`, t.createdAt),
    index('orders_user_idx').on(t.userId),
    index('orders_company_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.companyId} IS NOT NULL`),
    index('orders_status_idx').on(t.status, t.createdAt),
    // What an on-account customer owes: their orders on account not yet paid nor cancelled.
    index('orders_account_open_idx')
      .on(t.userId)
      .where(sql`${t.paymentMethod} = 'account' AND ${t.paidAt} IS NULL AND ${t.status} <> 'cancelled'`),
    // The expiry job's scan: only unpaid orders, oldest deadline first.
    index('orders_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('unpaid', 'awaiting_approval')`),
  ],
);

/** What an order bought, in the order the customer saw it (position 1, 2, …). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Restrict: an order that held money or stock is never erased, and its lines with it.
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    partId: uuid('part_id').references(() => parts.id, { onDelete: 'set null' }),
    partName: text('part_name').notNull(),
    /** The part's number when it was ordered (for picking and packing slips); null before 0013. */
    partNumber: text('part_number'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * The part's retail price when ordered (issue #30), where the line was priced otherwise (a
     * price tier or a sale): the invoice shows both. Null: the line paid retail.
     */
    listPriceCents: integer('list_price_cents'),
    /** This line's share of the order's discount (issue #30); never more than the line's amount. */
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_lines_discount_within_line',
      sql`${t.discountCents} between 0 and ${t.unitPriceCents} * ${t.quantity}`,
    ),
    check('order_lines_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
    check('order_lines_position_positive', sql`${t.position} >= 1`),
    uniqueIndex('order_lines_order_position_idx').on(t.orderId, t.position),
    index('order_lines_part_idx').on(t.partId),
  ],
);

/** A signed-in customer's cart: one row per part, so the cart follows them to another device. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A part deleted from the catalogue leaves every cart at once.
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'cart_items_user_part_pk', columns: [t.userId, t.partId] }),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
    index('cart_items_part_idx').on(t.partId),
  ],
);

/**
 * A customer's address book (issue #28): several delivery addresses, at most one the default
 * (the partial unique index), which the checkout offers first and 1-Click ships to. Orders copy
 * the address they ship to, so an entry can be edited or removed without touching any order.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    street: text('street').notNull(),
    /** Apartment, suite, unit, floor: optional (issue #28). */
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** A company's shared address (issue #30): every member may ship to it. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    index('addresses_company_idx')
      .on(t.companyId)
      .where(sql`${t.companyId} IS NOT NULL`),
    uniqueIndex('addresses_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * A card a customer chose to keep (issue #28), as the payment provider holds it: its customer and
 * payment method ids, brand, last four and expiry, never the number. Removing one detaches it at
 * the provider and stamps `removed_at`; the row stays, since orders may have been paid with it.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull().unique(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /**
     * The sandbox only: how its test card behaves when charged later, as Stripe's test cards do
     * ('succeeds', 'declines', 'authenticates'); null at Stripe, which knows its own.
     */
    sandboxBehaviour: text('sandbox_behaviour'),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('saved_cards_user_idx').on(t.userId)],
);
export type SavedCardRow = typeof savedCards.$inferSelect;

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** One attempt to pay an order with a provider; the order turns paid only once one is verified. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    intentId: text('intent_id').notNull().unique(),
    clientSecret: text('client_secret').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    // `cancelled`: the order was cancelled unpaid and its intent was cancelled at the provider
    // (decision 027, Leftovers); a text column without a CHECK, so no migration.
    status: text('status', {
      enum: ['requires_payment', 'succeeded', 'failed', 'refunding', 'refunded', 'cancelled'],
    })
      .notNull()
      .default('requires_payment'),
    /** The customer ticked "Save this card for next time": the card is kept once this payment succeeds. */
    saveCard: boolean('save_card').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/** Provider events already handled: a redelivered webhook is answered and ignored. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    partId: uuid('part_id').references(() => parts.id, { onDelete: 'set null' }),
    partName: text('part_name').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    descriptions: text('descriptions').notNull(),
    img: text('img').notNull(),
    rating: integer('rating').notNull(),
    ...timestamps,
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('reviews_part_idx').on(t.partId, t.createdAt),
    // One review per customer per part: a second submit edits the first.
    uniqueIndex('reviews_one_per_customer_part_idx')
      .on(t.userId, t.partId)
      .where(sql`${t.userId} IS NOT NULL AND ${t.partId} IS NOT NULL`),
    index('reviews_created_idx').on(t.createdAt),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

export const CREDIT_APPLICATION_STATUS_VALUES = ['pending', 'approved', 'declined'] as const;

/** A business asking to pay on account (net 30); an admin approves it with a limit or declines it. */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    ein: text('ein').notNull(),
    yearsInBusiness: integer('years_in_business').notNull(),
    requestedLimitCents: integer('requested_limit_cents').notNull(),
    /** The company it applies for (issue #30: credit belongs to the company); null: a single customer. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    status: text('status', { enum: CREDIT_APPLICATION_STATUS_VALUES }).notNull().default('pending'),
    /** The limit an admin granted (approved only). */
    approvedLimitCents: integer('approved_limit_cents'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('credit_applications_status_known', sql`${t.status} in ('pending', 'approved', 'declined')`),
    check('credit_applications_requested_positive', sql`${t.requestedLimitCents} > 0`),
    check('credit_applications_years_nonnegative', sql`${t.yearsInBusiness} >= 0`),
    check(
      'credit_applications_limit_when_approved',
      sql`(${t.status} = 'approved') = (${t.approvedLimitCents} IS NOT NULL)`,
    ),
    index('credit_applications_status_idx').on(t.status, t.createdAt),
    // One application waiting for a decision per customer.
    uniqueIndex('credit_applications_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A customer's credit line: the limit an approved application granted. Checkout on account locks
 * this row FOR UPDATE, so two orders at once cannot both fit into the same remaining limit.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    limitCents: integer('limit_cents').notNull(),
    applicationId: uuid('application_id').references(() => creditApplications.id, { onDelete: 'set null' }),
    /**
     * The company this line belongs to (issue #30): its members' orders on account count against
     * it, and it is locked through the owner's row. Null: a single customer's line.
     */
    companyId: uuid('company_id')
      .unique()
      .references(() => companies.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [check('credit_accounts_limit_nonnegative', sql`${t.limitCents} >= 0`)],
);

export type CreditApplicationRow = typeof creditApplications.$inferSelect;

/**
 * Work done after a transaction commits (mails), written in that transaction: a job exists exactly
 * when the change that asked for it does. A runner in every process claims due jobs one at a time
 * (`locked_until` is its lease), retries failures with backoff, and gives up after `max_attempts`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['mail', 'refund', 'statements', 'reminders'] }).notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('jobs_status_known', sql`${t.status} in ('queued', 'done', 'failed')`),
    check('jobs_kind_known', sql`${t.kind} in ('mail', 'refund', 'statements', 'reminders')`),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} = 'done'`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;

/**
 * Order requests already answered, by the customer's Idempotency-Key: a retry of the same request
 * (a client that lost the answer, or the load balancer trying the other process) gets the first
 * answer again instead of placing a second order. Written in the order's own transaction; kept a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The route and a hash of the request body: the same key for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/*
 * Running an order after it is placed (docs/decisions/026-orders-a-shop-runs-on.md): its number,
 * a timeline of every change, shipments with tracking, returns and the refunds they lead to.
 * Nothing here is ever deleted with its order: every foreign key to an order restricts.
 */

/** The last order number given; one row. Taken with UPDATE … RETURNING as an order's last write. */
export const orderNumberCounter = pgTable(
  'order_number_counter',
  {
    id: boolean('id').primaryKey().default(true),
    last: integer('last').notNull(),
  },
  (t) => [check('order_number_counter_one_row', sql`${t.id}`)],
);

/** One change to an order, with who made it and when: the order page's timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    /** Who did it: null for the shop itself (the expiry job, a provider's webhook). */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** How to name them even after their account is gone: "Ada Rider (customer)", "System". */
    actorName: text('actor_name').notNull(),
    /** What a person reads on the timeline, written when it happened. */
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** A parcel that left the shop: some or all of an order's lines, with the carrier's tracking number. */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** 1, 2, … within the order. */
    position: integer('position').notNull(),
    carrier: text('carrier', { enum: CARRIERS }).notNull(),
    trackingNumber: text('tracking_number').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('shipments_carrier_known', sql`${t.carrier} in ('ups', 'fedex', 'usps', 'other')`),
    uniqueIndex('shipments_order_position_idx').on(t.orderId, t.position),
  ],
);

/** How many units of an order line went in a shipment. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'shipment_lines_pk', columns: [t.shipmentId, t.orderLineId] }),
    check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`),
    index('shipment_lines_order_line_idx').on(t.orderLineId),
  ],
);

/**
 * A customer's request to send some delivered lines back: requested → approved (instructions
 * mailed) or declined (with a reason) → received (restocked or not) → refunded (card: a partial
 * refund through the provider; on account: credited). `refund_cents` is set once, with the refund.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** 1, 2, … within the order (shown as PS-10482-R1). */
    position: integer('position').notNull(),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    /** Uploaded photo addresses (the upload pipeline's). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    declineReason: text('decline_reason'),
    restocked: boolean('restocked'),
    refundCents: integer('refund_cents'),
    refundTaxCents: integer('refund_tax_cents'),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check(
      'returns_status_known',
      sql`${t.status} in ('requested', 'approved', 'declined', 'received', 'refunded')`,
    ),
    check(
      'returns_reason_known',
      sql`${t.reason} in ('wrong_part', 'damaged', 'not_as_described', 'changed_mind')`,
    ),
    uniqueIndex('returns_order_position_idx').on(t.orderId, t.position),
    index('returns_status_idx').on(t.status, t.createdAt),
  ],
);

/** How many units of an order line a return sends back. */
export const returnLines = pgTable(
  'return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'restrict' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'return_lines_pk', columns: [t.returnId, t.orderLineId] }),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
    index('return_lines_order_line_idx').on(t.orderLineId),
  ],
);

/**
 * Money given back on an order: by the provider to the card (with its refund id) or as credit on
 * account. A return's refund is unique per return, so it can never be paid twice.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    returnId: uuid('return_id')
      .unique()
      .references(() => returns.id, { onDelete: 'restrict' }),
    method: text('method', { enum: ['card', 'account'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Of which sales tax. */
    taxCents: integer('tax_cents').notNull().default(0),
    providerRefundId: text('provider_refund_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_method_known', sql`${t.method} in ('card', 'account')`),
    index('refunds_order_idx').on(t.orderId),
  ],
);

export type OrderEventRow = typeof orderEvents.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;
export type ReturnRow = typeof returns.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/*
 * Running the shop (issue #27): what admins did and what happened to accounts, and the backups
 * taken. The audit log is append-only: a trigger (migration 0014) refuses UPDATE, DELETE and
 * TRUNCATE, so no route and no admin with SQL through the app can rewrite history.
 */

/** One admin action or security event, written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Who: no foreign key, since a deleted account must not rewrite (or block) its history. */
    actorId: text('actor_id'),
    /** How to name them after their account is gone: "Sam Admin <admin@pitstop.com>", "System". */
    actorName: text('actor_name').notNull(),
    /** What, as a dotted name: "part.update", "user.make_admin", "order.ship", "auth.lockout". */
    action: text('action').notNull(),
    /** Which record: its kind ("part", "user", "order", "credit_application") and id or number. */
    recordType: text('record_type').notNull(),
    recordId: text('record_id'),
    /** The fields that changed, as they were and as they became (null when created or deleted). */
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_record_idx').on(t.recordType, t.recordId, t.createdAt),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;

/** One backup attempt, scheduled or by `npm run backup`: the dashboard's and the metrics' source. */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    status: text('status', { enum: ['running', 'ok', 'failed'] })
      .notNull()
      .default('running'),
    /** The file written (its name in BACKUP_DIR), its size and its manifest. */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    manifest: jsonb('manifest'),
    error: text('error'),
  },
  (t) => [
    check('backup_runs_status_known', sql`${t.status} in ('running', 'ok', 'failed')`),
    index('backup_runs_started_idx').on(t.startedAt),
  ],
);

/**
 * The shop's settings an admin edits (Admin → Settings), one JSON document per key (e.g.
 * `delivery`: cut-off, time zone, handling and business days, holidays, carriers' transit days),
 * each checked by its zod schema in packages/core when written and read.
 */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  /** Who saved it last (no foreign key: a deleted admin must not take the settings with them). */
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/*
 * Issue #29: brands as data, numbers on every part, and parts diagrams per bike.
 */

/**
 * The brands a part may carry. `parts.brand` names one (a foreign key on the name, so a rename
 * follows into every part and its search text, and a brand with parts cannot be deleted).
 * `featured` brands are the home page's cards (the specification's six).
 */
export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    slug: text('slug').notNull().unique(),
    kind: text('kind').$type<'oem' | 'aftermarket'>().notNull(),
    /** A stored upload's address (the image pipeline), or none. */
    logo: text('logo'),
    featured: boolean('featured').notNull().default(false),
    ...timestamps,
  },
  (t) => [check('brands_kind_known', sql`${t.kind} in ('oem', 'aftermarket')`)],
);

/**
 * A part's other numbers: OEM numbers (a manufacturer's), interchange numbers (another brand's
 * equivalent) and supersessions (an old number this part replaces). `brand` is the manufacturer or
 * brand the number belongs to (free text: a competitor need not be one of our brands); a
 * supersession's may be empty. `number_key` is the number as searched, with the part number's rule.
 */
export const partNumbers = pgTable(
  'part_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'oem' | 'interchange' | 'supersedes'>().notNull(),
    brand: text('brand'),
    number: text('number').notNull(),
    numberKey: text('number_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(number, '[^a-zA-Z0-9]', '', 'g'))`),
    /** The order the admin listed them in. */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('part_numbers_kind_known', sql`${t.kind} in ('oem', 'interchange', 'supersedes')`),
    uniqueIndex('part_numbers_part_kind_key_idx').on(t.partId, t.kind, t.numberKey),
    index('part_numbers_key_idx').on(t.numberKey.op('text_pattern_ops')),
  ],
);

/**
 * A parts diagram: one assembly of a bike model over a range of years ("Front brake caliper"),
 * drawn in one picture (a stored upload), with numbered callouts on it.
 */
export const assemblies = pgTable(
  'assemblies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** A stored upload's address; its pixel size is in the address (core images.ts). */
    image: text('image').notNull(),
    /** The order the bike's assemblies are listed in. */
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('assemblies_years_ordered', sql`${t.yearFrom} <= ${t.yearTo}`),
    uniqueIndex('assemblies_bike_slug_idx').on(t.make, t.model, t.yearFrom, t.yearTo, t.slug),
    index('assemblies_bike_idx').on(t.make, t.model, t.yearFrom, t.yearTo),
  ],
);

/**
 * A numbered callout on an assembly's picture. `x` and `y` are fractions of the picture's width
 * and height (0–1), so the callout stays on its spot at any size the picture is shown.
 */
export const assemblyCallouts = pgTable(
  'assembly_callouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assemblyId: uuid('assembly_id')
      .notNull()
      .references(() => assemblies.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
  },
  (t) => [
    check('assembly_callouts_on_picture', sql`${t.x} between 0 and 1 and ${t.y} between 0 and 1`),
    check('assembly_callouts_number_positive', sql`${t.number} >= 1`),
    uniqueIndex('assembly_callouts_number_idx').on(t.assemblyId, t.number),
  ],
);

/** The parts a callout names (left and right, say), each with the units one bike takes. */
export const calloutParts = pgTable(
  'callout_parts',
  {
    calloutId: uuid('callout_id')
      .notNull()
      .references(() => assemblyCallouts.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    note: text('note'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.calloutId, t.partId] }),
    check('callout_parts_quantity_positive', sql`${t.quantity} >= 1`),
    index('callout_parts_part_idx').on(t.partId),
  ],
);

/*
 * Fleets, small vendors and promotions (issue #30, docs/decisions/030-companies-tiers-promotions-invoices.md):
 * companies with members in roles, approvals, price lists, sale prices, discount codes, invoices
 * with gapless numbers per year, payments against them and monthly statements.
 */

export const COMPANY_ROLES = ['owner', 'buyer', 'approver', 'accountant'] as const;

/** A business buying as one: its members order on its credit line, at its price list, with its addresses. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    taxId: text('tax_id').notNull(),
    billingAddress: jsonb('billing_address').$type<AddressValue>().notNull(),
    /** Orders need a purchase order number at checkout. */
    poRequired: boolean('po_required').notNull().default(false),
    /** The price list its members buy at (null: retail). */
    priceListId: uuid('price_list_id').references(() => priceLists.id, { onDelete: 'set null' }),
    /** An admin approved its resale or exemption certificate: its orders carry no sales tax. */
    taxExempt: boolean('tax_exempt').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('companies_name_idx').on(sql`lower(${t.name})`)],
);
export type CompanyRow = typeof companies.$inferSelect;

/**
 * Who belongs to a company and as what. One company per account (the primary key). A buyer's
 * `order_limit_cents` is the most one order may total without an approver (null: no limit).
 * Leaving deletes the row (the audit log keeps who was a member when).
 */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    orderLimitCents: integer('order_limit_cents'),
    ...timestamps,
  },
  (t) => [
    check('company_members_role_known', sql`${t.role} in ('owner', 'buyer', 'approver', 'accountant')`),
    check(
      'company_members_limit_nonnegative',
      sql`${t.orderLimitCents} IS NULL OR ${t.orderLimitCents} >= 0`,
    ),
    index('company_members_company_idx').on(t.companyId, t.role),
  ],
);
export type CompanyMemberRow = typeof companyMembers.$inferSelect;

/** An invitation by email to join a company in a role; the link carries a token stored only hashed. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    orderLimitCents: integer('order_limit_cents'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('company_invitations_role_known', sql`${t.role} in ('buyer', 'approver', 'accountant')`),
    index('company_invitations_company_idx').on(t.companyId, t.createdAt),
    index('company_invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const APPROVAL_STATUS_VALUES = ['pending', 'approved', 'declined', 'expired'] as const;

/** A buyer's order over their limit, waiting for an approver: who asked, who decided, and why not. */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The buyer's limit when they ordered, in cents. */
    limitCents: integer('limit_cents').notNull(),
    status: text('status', { enum: APPROVAL_STATUS_VALUES }).notNull().default('pending'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason'),
    ...timestamps,
  },
  (t) => [
    check('order_approvals_status_known', sql`${t.status} in ('pending', 'approved', 'declined', 'expired')`),
    index('order_approvals_queue_idx').on(t.companyId, t.status, t.createdAt),
  ],
);

/** A price list (tier): percent off by brand and/or category, and fixed prices per part. */
export const priceLists = pgTable('price_lists', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  ...timestamps,
});
export type PriceListRow = typeof priceLists.$inferSelect;

/**
 * A percent off (in basis points: 1250 = 12.5 %) for a brand, a category, both, or everything (both
 * null). The most specific rule wins: brand and category, then brand, then category, then all.
 */
export const priceListRules = pgTable(
  'price_list_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    brand: text('brand').references(() => brands.name, { onUpdate: 'cascade', onDelete: 'cascade' }),
    category: text('category'),
    percentOffBp: integer('percent_off_bp').notNull(),
  },
  (t) => [
    check('price_list_rules_percent_range', sql`${t.percentOffBp} between 0 and 10000`),
    uniqueIndex('price_list_rules_scope_idx').on(
      t.priceListId,
      sql`coalesce(${t.brand}, '')`,
      sql`coalesce(${t.category}, '')`,
    ),
  ],
);

/** A part's fixed price on a price list: beats every percent rule. */
export const priceListPrices = pgTable(
  'price_list_prices',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.partId] }),
    check('price_list_prices_nonnegative', sql`${t.priceCents} >= 0`),
    index('price_list_prices_part_idx').on(t.partId),
  ],
);

/** A single customer (not a company) buying at a price list. */
export const customerPriceLists = pgTable('customer_price_lists', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  priceListId: uuid('price_list_id')
    .notNull()
    .references(() => priceLists.id, { onDelete: 'cascade' }),
  ...timestamps,
});

/** A part on sale for everyone from `starts_at` until `ends_at`, shown struck through. */
export const partSales = pgTable(
  'part_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    salePriceCents: integer('sale_price_cents').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    check('part_sales_nonnegative', sql`${t.salePriceCents} >= 0`),
    check('part_sales_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('part_sales_part_idx').on(t.partId, t.startsAt),
    index('part_sales_window_idx').on(t.startsAt, t.endsAt),
  ],
);

export const TAX_EXEMPTION_STATUS_VALUES = ['pending', 'approved', 'declined'] as const;

/** A company's resale or exemption certificate (an upload) and an admin's decision on it. */
export const taxExemptions = pgTable(
  'tax_exemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The certificate's stored file (the uploads storage's key) and its name as uploaded. */
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: TAX_EXEMPTION_STATUS_VALUES }).notNull().default('pending'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('tax_exemptions_status_known', sql`${t.status} in ('pending', 'approved', 'declined')`),
    index('tax_exemptions_status_idx').on(t.status, t.createdAt),
    index('tax_exemptions_company_idx').on(t.companyId),
  ],
);

/**
 * A discount code: percent (basis points) or an amount off, on the whole order or on some brands
 * or categories, with a minimum order, a window and use limits. `uses` is counted in the order's
 * transaction with the row locked, so concurrent checkouts cannot pass `total_limit`.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As typed by the admin; matched without regard to case (the unique index). */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    percentOffBp: integer('percent_off_bp'),
    amountOffCents: integer('amount_off_cents'),
    /** Empty arrays: the whole order. Otherwise only lines of these brands or categories. */
    brands: text('brands')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minOrderCents: integer('min_order_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    totalLimit: integer('total_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promotions_code_idx').on(sql`upper(${t.code})`),
    check('promotions_kind_known', sql`${t.kind} in ('percent', 'amount')`),
    check(
      'promotions_amount_matches_kind',
      sql`(${t.kind} = 'percent' AND ${t.percentOffBp} between 1 and 10000 AND ${t.amountOffCents} IS NULL) OR (${t.kind} = 'amount' AND ${t.amountOffCents} > 0 AND ${t.percentOffBp} IS NULL)`,
    ),
    check('promotions_min_nonnegative', sql`${t.minOrderCents} >= 0`),
    check('promotions_window', sql`${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
    check(
      'promotions_limits_positive',
      sql`coalesce(${t.totalLimit}, 1) > 0 AND coalesce(${t.perCustomerLimit}, 1) > 0`,
    ),
    check(
      'promotions_uses_within_limit',
      sql`${t.uses} >= 0 AND (${t.totalLimit} IS NULL OR ${t.uses} <= ${t.totalLimit})`,
    ),
  ],
);
export type PromotionRow = typeof promotions.$inferSelect;

/** One order that used a code: one per order (the primary key), counted per customer. */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'restrict' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    discountCents: integer('discount_cents').notNull(),
    /** A cancelled order gives its use back (the row stays, released). */
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('promotion_uses_discount_nonnegative', sql`${t.discountCents} >= 0`),
    index('promotion_uses_promotion_idx').on(t.promotionId, t.userId),
  ],
);

/** The last invoice number given in each year: invoices are numbered 2026-000001, … without gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * An order's invoice: numbered in the order's own transaction (gapless per year, like order
 * numbers), with what is due when. Payments an admin records (or the card's) settle it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** As printed: "INV-2026-000123". */
    number: text('number').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** On account: when it falls due (net 30). Card orders are due at once. */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    totalCents: integer('total_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_year_seq_idx').on(t.year, t.seq),
    check('invoices_paid_within_total', sql`${t.paidCents} >= 0`),
    index('invoices_company_idx')
      .on(t.companyId, t.issuedAt)
      .where(sql`${t.companyId} IS NOT NULL`),
    index('invoices_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} IS NOT NULL`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** Money received against an invoice, as an admin recorded it (cheque, bank transfer …). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('invoice_payments_positive', sql`${t.amountCents} > 0`),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
  ],
);

/** A reminder mail sent for an overdue invoice, once per step (7 and 14 days past due). */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    daysPastDue: integer('days_past_due').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.daysPastDue] })],
);

/** A company's monthly statement as the job wrote it on the 1st: the month's figures, kept. */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The month it covers, as its first day. */
    month: date('month', { mode: 'string' }).notNull(),
    openingBalanceCents: integer('opening_balance_cents').notNull(),
    chargesCents: integer('charges_cents').notNull(),
    paymentsCents: integer('payments_cents').notNull(),
    closingBalanceCents: integer('closing_balance_cents').notNull(),
    overdueCents: integer('overdue_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('statements_company_month_idx').on(t.companyId, t.month)],
);
