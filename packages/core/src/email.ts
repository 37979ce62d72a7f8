/**
 * The shop's email rule (spec §5): lowercase letters or digits, '@', lowercase letters, '.',
 * then 2 to 3 lowercase letters. Anchored so the whole value must match, not a substring.
 */
export const EMAIL_PATTERN = /^[a-z0-9]+@[a-z]+\.[a-z]{2,3}$/;

export function isShopEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
