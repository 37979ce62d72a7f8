import type { Vehicle } from '@pitstop/core/fitment';

/** The one place search query keys are spelled. */
export const searchKeys = {
  all: ['search'] as const,
  /**
   * Suggestions for one typed text and bike: each has its own entry, so a late answer never
   * lands on another text, and one bike's fit marks never show for another.
   */
  suggest: (q: string, vehicle: Vehicle | null = null) =>
    [...searchKeys.all, 'suggest', q, vehicle ? [vehicle.year, vehicle.make, vehicle.model] : null] as const,
};
