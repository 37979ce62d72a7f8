/**
 * A part number as matched: no dashes, spaces, dots or case ("15-9080" → "159080"). The same rule
 * serves a part's own number and its OEM, interchange and superseded numbers (part-numbers.ts), and
 * the database's generated `part_number_key` / `number_key` columns say it in SQL. No runtime
 * dependencies, so any page can use it.
 */
export function partNumberKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]/g, '');
}
