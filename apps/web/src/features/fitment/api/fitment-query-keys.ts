/** The one place fitment and garage query keys are spelled, so updates always hit the queries. */
export const fitmentKeys = {
  all: ['fitment'] as const,
  vehicles: () => [...fitmentKeys.all, 'vehicles'] as const,
  years: () => [...fitmentKeys.vehicles(), 'years'] as const,
  makes: (year: number) => [...fitmentKeys.vehicles(), 'makes', year] as const,
  models: (year: number, make: string) => [...fitmentKeys.vehicles(), 'models', year, make] as const,
  /** The signed-in customer's garage (a visitor's lives in localStorage, not in the cache). */
  garage: () => [...fitmentKeys.all, 'garage'] as const,
};
