import { asc, eq, gte, sql } from 'drizzle-orm';
import type { Dashboard } from '@pitstop/core/admin';
import { centsToDollars } from '@pitstop/core/money';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { orders, parts } from '../../db/schema.js';
import { latestRuns } from '../backups/runs.js';
import { lowStockSql } from '../parts/search.js';

function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The dashboard index: everyone's own summary; admins also see the shop at a glance. */
export async function dashboardFor(db: Db, caller: SessionUser, now = new Date()): Promise<Dashboard> {
  const [mine] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unpaid: sql<number>`count(*) filter (where ${orders.status} = 'unpaid')::int`,
      paid: sql<number>`count(*) filter (where ${orders.status} = 'paid')::int`,
      shipped: sql<number>`count(*) filter (where ${orders.status} = 'shipped')::int`,
      delivered: sql<number>`count(*) filter (where ${orders.status} = 'delivered')::int`,
      // What was refunded went back: a cancel's whole total, a return's part (decisions 014, 026).
      spentCents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}) filter (where ${orders.paidAt} is not null), 0)::int`,
    })
    .from(orders)
    .where(eq(orders.userId, caller.id));
  const summary = {
    total: mine?.total ?? 0,
    unpaid: mine?.unpaid ?? 0,
    paid: mine?.paid ?? 0,
    shipped: mine?.shipped ?? 0,
    delivered: mine?.delivered ?? 0,
    spent: centsToDollars(mine?.spentCents ?? 0),
  };
  if (caller.role !== 'admin') return { mine: summary, admin: null };

  const start = monthStart(now);
  const [counts, lowStock, days, backups] = await Promise.all([
    db
      .select({
        unpaid: sql<number>`count(*) filter (where ${orders.status} = 'unpaid')::int`,
        paid: sql<number>`count(*) filter (where ${orders.status} = 'paid')::int`,
        shipped: sql<number>`count(*) filter (where ${orders.status} = 'shipped')::int`,
        // Everything the shop still has to send: an order on account ships before it is paid, and
        // a partly shipped one has parts left.
        toShip: sql<number>`count(*) filter (where ${orders.status} in ('paid', 'on_account', 'partially_shipped') and ${orders.deletedAt} is null)::int`,
      })
      .from(orders),
    db
      .select({
        id: parts.id,
        name: parts.name,
        availablequantity: parts.availablequantity,
        minquantity: parts.minquantity,
      })
      .from(parts)
      // isLowStock (@pitstop/core/catalogue), in SQL.
      .where(lowStockSql)
      .orderBy(asc(parts.availablequantity))
      .limit(20),
    db
      .select({
        day: sql<string>`to_char(date_trunc('day', ${orders.paidAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        cents: sql<number>`sum(${orders.totalCents} - ${orders.refundedCents})::int`,
      })
      .from(orders)
      .where(gte(orders.paidAt, start))
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    latestRuns(db),
  ]);
  const revenueByDay = days.map((d) => ({ day: d.day, revenue: centsToDollars(d.cents) }));
  return {
    mine: summary,
    admin: {
      counts: {
        unpaid: counts[0]?.unpaid ?? 0,
        paid: counts[0]?.paid ?? 0,
        shipped: counts[0]?.shipped ?? 0,
        toShip: counts[0]?.toShip ?? 0,
      },
      lowStock: lowStock.map((p) => ({
        _id: p.id,
        name: p.name,
        availablequantity: p.availablequantity,
        minquantity: p.minquantity,
      })),
      revenueThisMonth: revenueByDay.reduce((sum, d) => Math.round((sum + d.revenue) * 100) / 100, 0),
      revenueByDay,
      backup: {
        lastOkAt: backups.lastOk?.finishedAt?.toISOString() ?? null,
        failedAt: backups.lastFailed?.finishedAt?.toISOString() ?? null,
        error: backups.lastFailed?.error ?? null,
      },
    },
  };
}
