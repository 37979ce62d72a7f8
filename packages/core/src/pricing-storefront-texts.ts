/** The storefront's few words on prices (kept apart from pricing-texts: every card loads them). */
export const priceTagTexts = {
  /** Before a struck-through retail price, for screen readers. */
  was: 'Was ',
  /** Before the price paid when retail is struck through, for screen readers. */
  now: 'Now ',
} as const;
