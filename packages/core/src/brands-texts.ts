/**
 * The brands' words (issue #29: brands are data): the admin's Brands screen, the server's
 * refusals and the part form's brand field. Free of zod, so a screen can show them without it.
 */
export const BRAND_KINDS = ['oem', 'aftermarket'] as const;
export type BrandKind = (typeof BRAND_KINDS)[number];

/** A brand's name: at most this many characters. */
export const BRAND_NAME_MAX = 60;

export const brandsTexts = {
  navLink: 'Brands',
  heading: 'Brands',
  lead: 'The makers and aftermarket brands parts are sold under. A brand with parts cannot be deleted.',
  kindNames: { oem: 'OEM', aftermarket: 'Aftermarket' } satisfies Record<BrandKind, string>,
  name: 'Name',
  kind: 'Kind',
  logo: 'Logo',
  featured: 'Featured',
  yes: 'Yes',
  no: 'No',
  editButton: 'Edit',
  featuredHint: "The shop's headline brands (the home page's cards are the specification's six makers).",
  parts: 'Parts',
  actions: 'Actions',
  add: 'Add brand',
  adding: 'Adding…',
  edit: (name: string) => `Edit ${name}`,
  save: 'Save brand',
  saving: 'Saving…',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete ${name}`,
  confirmDelete: (name: string) => `Delete the brand ${name}? This cannot be undone.`,
  deleting: 'Deleting…',
  added: (name: string) => `${name} was added.`,
  saved: (name: string) => `${name} was saved.`,
  deleted: (name: string) => `${name} was deleted.`,
  empty: 'No brands yet.',
  loading: 'Loading the brands',
  logoHint: (mb: number) => `A PNG, JPEG or WebP picture, up to ${mb} MB.`,
  logoUploading: 'Uploading the logo…',
  logoAlt: (name: string) => `${name} logo`,
  logoChosen: 'The logo chosen',
  removeLogo: 'Remove the logo',
  saveFailed: 'The brand could not be saved. Please try again.',
  deleteFailed: 'The brand could not be deleted. Please try again.',
  // Refusals, on the form and from the server.
  nameRequired: 'Enter the brand name',
  nameTooLong: `Keep the brand name to ${BRAND_NAME_MAX} characters`,
  nameTaken: 'Another brand already has this name.',
  kindRequired: 'Choose OEM or aftermarket',
  notFound: 'We could not find that brand.',
  /** Deleting a brand that parts still carry (409, naming the brand). */
  inUse: (name: string, parts: number) =>
    `${name} still has ${parts === 1 ? '1 part' : `${parts} parts`}: give them another brand or delete them first.`,
  /** The home page's cards link to the specification's six makers by name. */
  homeBrandKept: (name: string) => `${name} is one of the home page's brand cards: it keeps its name.`,
  homeBrandNotDeleted: (name: string) =>
    `${name} is one of the home page's brand cards and cannot be deleted.`,
  /** A part's brand that is not in the brands table. */
  chooseBrand: 'Choose a brand',
  /**
   * GET /api/parts and /api/parts/facets with a brand the shop does not carry. Here, not with the
   * storefront's first-load texts: only the API says it.
   */
  unknownBrand: 'Choose brands the shop carries.',
} as const;

/**
 * A brand's address-safe name: "K&N" → "k-n", "Brembo S.p.A." → "brembo-s-p-a". The server makes
 * it unique (migration 0018 does the same for brands it found on parts).
 */
export function brandSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'brand';
}
