import { randomFillSync } from 'node:crypto';

/**
 * `count` UUIDv7 ids (RFC 9562): a millisecond timestamp first, then a counter, then random bits.
 * The import gives new parts and fitment rows these instead of random v4 ids so that a batch's
 * rows land together at the end of the id indexes (parts, part_fitments, the part_id index and
 * the foreign-key lookups) rather than on a random page each: a large import touches far fewer
 * pages. They are ordinary uuids to everything else.
 */
export function timeOrderedIds(count: number): string[] {
  const bytes = Buffer.allocUnsafe(16 * count);
  randomFillSync(bytes);
  const now = Date.now();
  const ids = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const o = i * 16;
    bytes.writeUIntBE(now, o, 6);
    // Version 7 and a 12-bit counter in rand_a, so ids of one call sort in the order made.
    bytes[o + 6] = 0x70 | ((i >> 8) & 0x0f);
    bytes[o + 7] = i & 0xff;
    bytes[o + 8] = 0x80 | ((bytes[o + 8] ?? 0) & 0x3f);
    const hex = bytes.toString('hex', o, o + 16);
    ids[i] =
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  return ids;
}
