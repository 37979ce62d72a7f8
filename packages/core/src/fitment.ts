import { z } from 'zod';
import { searchText } from './text.js';
import { FITMENT_POSITIONS, VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN } from './vehicle-fit.js';

/**
 * Vehicles, fitment and the garage: the contract between the API, the web app and scripts.
 * Fitment rows follow the shape of ACES applications (vehicle range, position, quantity, note),
 * so compatibility files from marketplaces can be imported later without a new model.
 */

export {
  FITMENT_POSITIONS,
  POSITION_LABELS,
  VEHICLE_YEAR_MIN,
  VEHICLE_YEAR_MAX,
  GARAGE_MAX,
  vehicleLabel,
  sameVehicle,
  fitStatus,
  yearRangeLabel,
  fitmentTexts,
  garageTexts,
} from './vehicle-fit.js';
export type { FitmentPosition, FitmentFacts, FitStatus } from './vehicle-fit.js';

const year = z.coerce
  .number({ error: 'Choose a year' })
  .int('Choose a year')
  .min(VEHICLE_YEAR_MIN, 'Choose a year')
  .max(VEHICLE_YEAR_MAX, 'Choose a year');
const make = searchText({ error: 'Choose a make' }).trim().min(1, 'Choose a make').max(60);
const model = searchText({ error: 'Choose a model' }).trim().min(1, 'Choose a model').max(80);

/** One bike: what a rider picks in the Year → Make → Model selector. */
export const VehicleSchema = z.object({ year, make, model });
export type Vehicle = z.infer<typeof VehicleSchema>;

/** A vehicle in the list of known bikes (GET /api/vehicles/models answers these per year/make). */
export const VehicleModelSchema = z.object({
  model: z.string(),
  variant: z.string().nullable().optional(),
  engine: z.string().nullable().optional(),
});
export type VehicleModel = z.infer<typeof VehicleModelSchema>;

export const VehicleMakesQuerySchema = z.object({ year });
export const VehicleModelsQuerySchema = z.object({ year, make });

/** GET /api/parts/:id/fits?year&make&model */
export const FitsQuerySchema = VehicleSchema;
export const FitsAnswerSchema = z.object({
  fits: z.boolean(),
  universal: z.boolean(),
  positions: z.array(z.enum(FITMENT_POSITIONS)),
});
export type FitsAnswer = z.infer<typeof FitsAnswerSchema>;

/** A bike saved in a garage (GET/POST /api/garage). */
export const GarageVehicleSchema = VehicleSchema.extend({
  id: z.string(),
  active: z.boolean(),
});
export type GarageVehicle = z.infer<typeof GarageVehicleSchema>;
export const GarageIdParamsSchema = z.object({ id: z.uuid({ message: 'That is not a valid garage id.' }) });

/** GET /api/garage, and the answer to every garage change: the whole garage, active bike first. */
export const GarageSchema = z.array(GarageVehicleSchema);
