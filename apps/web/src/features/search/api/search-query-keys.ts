/** The one place search query keys are spelled. */
export const searchKeys = {
  all: ['search'] as const,
  /** Suggestions for one typed text: each text has its own entry, so a late answer never lands on another. */
  suggest: (q: string) => [...searchKeys.all, 'suggest', q] as const,
};
