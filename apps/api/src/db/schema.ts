import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /** The seeded or admin-set rating; reviews replace it once a part has some. */
    ratings: doublePrecision('ratings').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    stock: integer('stock').notNull(),
    availablequantity: integer('available_quantity').notNull(),
    minquantity: integer('min_quantity').notNull().default(1),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    partNumber: text('part_number').notNull().unique(),
    specifications: jsonb('specifications').$type<Specification[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    check('parts_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('parts_available_nonnegative', sql`${t.availablequantity} >= 0`),
    check('parts_min_positive', sql`${t.minquantity} >= 1`),
    check('parts_stock_nonnegative', sql`${t.stock} >= 0`),
    check('parts_ratings_range', sql`${t.ratings} >= 0 AND ${t.ratings} <= 5`),
    index('parts_listing_idx').on(t.createdAt, t.id),
    index('parts_brand_idx').on(t.brand),
    index('parts_category_idx').on(t.category),
  ],
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
  },
  (t) => [
    check('fitment_years_ordered', sql`${t.yearFrom} <= ${t.yearTo}`),
    index('part_fitments_part_idx').on(t.partId),
    index('part_fitments_vehicle_idx').on(t.make, t.model),
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

export const ORDER_STATUS_VALUES = ['unpaid', 'paid', 'shipped', 'delivered', 'cancelled'] as const;

/**
 * An order keeps its own copy of what was bought (part name, unit price): a later price change or
 * a deleted part or account never rewrites history.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    num: text('num').notNull(),
    parts: text('parts').notNull(),
    partId: uuid('part_id').references(() => parts.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: ORDER_STATUS_VALUES }).notNull().default('unpaid'),
    transactionId: text('transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_total_matches', sql`${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`),
    check('orders_status_known', sql`${t.status} in ('unpaid', 'paid', 'shipped', 'delivered', 'cancelled')`),
    index('orders_email_idx').on(t.email, t.createdAt),
    index('orders_user_idx').on(t.userId),
    index('orders_status_idx').on(t.status, t.createdAt),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** One attempt to pay an order with a provider; the order turns paid only once one is verified. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    intentId: text('intent_id').notNull().unique(),
    clientSecret: text('client_secret').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['requires_payment', 'succeeded', 'failed'] })
      .notNull()
      .default('requires_payment'),
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
    index('reviews_created_idx').on(t.createdAt),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
