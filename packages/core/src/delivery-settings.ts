import { z } from 'zod';
import { isDeliveryState } from './delivery-area.js';
import {
  DELIVERY_TIME_ZONES,
  MAX_DELIVERY_DAYS,
  WEEKDAYS,
  type DeliverySettings,
} from './delivery-promise.js';
import { deliveryTexts } from './delivery-texts.js';
import { singleLineText } from './text.js';

/*
 * The delivery settings' rules (issue #28): PUT /api/admin/settings/delivery checks its body with
 * them, and Admin → Settings its form; the answers of GET /api/settings/delivery pass them too.
 * Apart from delivery-promise.ts so the pages that only show a promise load no zod for it.
 */

const isoDate = singleLineText({ error: deliveryTexts.holidayInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, deliveryTexts.holidayInvalid)
  .refine((text) => {
    const [y = 0, m = 0, d = 0] = text.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, deliveryTexts.holidayInvalid);

const days = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(MAX_DELIVERY_DAYS, message);

export const CarrierSchema = z.object({
  name: singleLineText({ error: deliveryTexts.carrierNameRequired })
    .trim()
    .min(1, deliveryTexts.carrierNameRequired)
    .max(60, deliveryTexts.carrierNameTooLong),
  transitDays: days(deliveryTexts.daysRange),
  byState: z.record(z.string(), days(deliveryTexts.daysRange)).superRefine((byState, ctx) => {
    // Checked here rather than by a key schema, so the issue carries our message at the key's path.
    for (const state of Object.keys(byState)) {
      if (!isDeliveryState(state)) {
        ctx.addIssue({ code: 'custom', path: [state], message: deliveryTexts.stateOutsideArea });
      }
    }
  }),
});

export const DeliverySettingsSchema = z.object({
  cutoff: singleLineText({ error: deliveryTexts.cutoffInvalid }).regex(
    /^([01]\d|2[0-3]):[0-5]\d$/,
    deliveryTexts.cutoffInvalid,
  ),
  timeZone: z.enum(DELIVERY_TIME_ZONES, { error: deliveryTexts.timeZoneInvalid }),
  handlingDays: days(deliveryTexts.daysRange),
  businessDays: z
    .array(z.enum(WEEKDAYS, { error: deliveryTexts.businessDaysRequired }))
    .min(1, deliveryTexts.businessDaysRequired)
    .max(7, deliveryTexts.businessDaysRequired)
    .refine((list) => new Set(list).size === list.length, deliveryTexts.businessDaysRequired),
  holidays: z
    .array(isoDate)
    .max(200, deliveryTexts.tooManyHolidays)
    .refine((list) => new Set(list).size === list.length, deliveryTexts.holidayTwice),
  carriers: z
    .array(CarrierSchema)
    .min(1, deliveryTexts.carrierRequired)
    .max(10, deliveryTexts.tooManyCarriers),
});

/** The schema's output is the promise's settings type (checked by the compiler). */
export const deliverySettingsTypeCheck: z.ZodType<DeliverySettings> = DeliverySettingsSchema;
export type DeliverySettingsInput = z.input<typeof DeliverySettingsSchema>;
