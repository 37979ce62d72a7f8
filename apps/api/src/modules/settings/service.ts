import { eq } from 'drizzle-orm';
import {
  DEFAULT_DELIVERY_SETTINGS,
  DELIVERY_SETTINGS_KEY,
  type DeliverySettings,
} from '@pitstop/core/delivery-promise';
import { DeliverySettingsSchema } from '@pitstop/core/delivery-settings';
import type { Db } from '../../db/client.js';
import { shopSettings } from '../../db/schema.js';
import type { ResponseCache } from '../../lib/response-cache.js';
import { recordAudit, type AuditContext } from '../audit/service.js';

/**
 * The tag of the catalogue cache's answers that show the delivery settings (GET
 * /api/settings/delivery, and so the part pages whose structured data was built from it). A
 * change of the settings drops them, on this process and, through the catalogue cache's buses,
 * every other one; each process's store below forgets its copy on the same signal.
 */
export const DELIVERY_SETTINGS_TAG = 'settings:delivery';

/**
 * The stored settings, or the defaults (nothing saved yet). A stored document that no longer
 * passes the rules (written by an older version) gives the defaults rather than a broken promise.
 */
export async function readDeliverySettings(db: Db): Promise<DeliverySettings> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, DELIVERY_SETTINGS_KEY));
  if (!row) return DEFAULT_DELIVERY_SETTINGS;
  const parsed = DeliverySettingsSchema.safeParse(row.value);
  return parsed.success ? parsed.data : DEFAULT_DELIVERY_SETTINGS;
}

/**
 * The delivery settings in memory: read once, and again only after a change (here or on another
 * process: see `follow`), so the promise never costs a query per request. `get` answers at once
 * while the copy is fresh.
 */
export class DeliverySettingsStore {
  private value: DeliverySettings = DEFAULT_DELIVERY_SETTINGS;
  private fresh = false;
  private loading: Promise<DeliverySettings> | undefined;
  /** Bumped by each change: a read that started before one is not kept. */
  private generation = 0;

  constructor(private readonly db: Db) {}

  get(): Promise<DeliverySettings> {
    if (this.fresh) return Promise.resolve(this.value);
    this.loading ??= this.load();
    return this.loading;
  }

  private async load(): Promise<DeliverySettings> {
    const started = this.generation;
    try {
      const value = await readDeliverySettings(this.db);
      if (started === this.generation) {
        this.value = value;
        this.fresh = true;
      }
      return value;
    } finally {
      if (started === this.generation) this.loading = undefined;
    }
  }

  /** The settings changed (or may have): the next `get` reads them again. */
  forget(): void {
    this.generation++;
    this.fresh = false;
    this.loading = undefined;
  }

  /**
   * Forgets on the catalogue cache's changes that carry the settings' tag, local or from another
   * process, and on a full invalidation (a process that lost its bus may have missed one).
   */
  follow(cache: ResponseCache): this {
    cache.onChange((tags) => {
      if (!tags || tags.has(DELIVERY_SETTINGS_TAG)) this.forget();
    });
    return this;
  }
}

/**
 * Saves the settings and their audit row in one transaction (the row keeps what changed). The
 * caller then spreads the change (`catalogueCache.invalidateTags([DELIVERY_SETTINGS_TAG])`).
 */
export async function saveDeliverySettings(
  db: Db,
  settings: DeliverySettings,
  context: AuditContext,
): Promise<DeliverySettings> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [before] = await tx
      .select({ value: shopSettings.value })
      .from(shopSettings)
      .where(eq(shopSettings.key, DELIVERY_SETTINGS_KEY))
      .for('update');
    const now = new Date();
    await tx
      .insert(shopSettings)
      .values({ key: DELIVERY_SETTINGS_KEY, value: settings, updatedBy: context.actorId, updatedAt: now })
      .onConflictDoUpdate({
        target: shopSettings.key,
        set: { value: settings, updatedBy: context.actorId, updatedAt: now },
      });
    await recordAudit(tx, context, {
      action: 'settings.update',
      recordType: 'settings',
      recordId: DELIVERY_SETTINGS_KEY,
      before: (before?.value as Record<string, unknown> | undefined) ?? { ...DEFAULT_DELIVERY_SETTINGS },
      after: { ...settings },
    });
  });
  return settings;
}
