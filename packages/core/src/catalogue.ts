/**
 * Catalogue constants with no runtime dependencies, so the home page can import them without
 * pulling zod into its chunk.
 */
/**
 * The specification's six makers: the home page's brand cards (featured OEM brands). The brands a
 * part may carry are data (issue #29: the brands table, GET /api/brands); nothing validates
 * against this list any more.
 */
export const BRANDS = ['Yamaha', 'Suzuki', 'TVS', 'Bajaj', 'Hero', 'Honda'] as const;
export type Brand = (typeof BRANDS)[number];

export const CATEGORIES = [
  'brake-pads',
  'headlights',
  'shock-absorbers',
  'wheels',
  'chains-sprockets',
  'filters',
  'clutch-plates',
  'mirrors',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  'brake-pads': 'Brake pads',
  headlights: 'Headlights',
  'shock-absorbers': 'Shock absorbers',
  wheels: 'Wheels',
  'chains-sprockets': 'Chains & sprockets',
  filters: 'Filters',
  'clutch-plates': 'Clutch plates',
  mirrors: 'Mirrors',
};

/** GET /api/parts paging: the home page asks for 6, /parts pages by 24, nobody gets more than 100. */
export const HOME_PARTS = 6;
export const PARTS_PAGE_DEFAULT = 24;
export const PARTS_PAGE_MAX = 100;
/** /parts asks for 12 at a time: two screens on a desktop, and little work for a phone to render. */
export const PARTS_WEB_PAGE = 12;
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * Low stock: no more than LOW_STOCK_THRESHOLD units, or twice the minimum order, can still be
 * ordered. The dashboard query applies the same rule in SQL.
 */
export const LOW_STOCK_THRESHOLD = 25;
export function isLowStock(part: { availablequantity: number; minquantity: number }): boolean {
  return part.availablequantity <= Math.max(LOW_STOCK_THRESHOLD, part.minquantity * 2);
}
