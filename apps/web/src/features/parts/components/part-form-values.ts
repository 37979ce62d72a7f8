import { zodResolver } from '@hookform/resolvers/zod';
import { PartInputSchema, type PartInput } from '@pitstop/core/admin';
import { messages } from '@pitstop/core/messages';
import type { PartNumber } from '@pitstop/core/part-numbers';
import type { Part } from '@pitstop/core/parts';
import { VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN } from '@pitstop/core/vehicle-fit';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/*
 * What the part form and its sections (picture, specifications, fitment rows) share: the
 * values as the form holds them, how fields read their text, and the words for the rules.
 */

export type PartFormValues = z.input<typeof PartInputSchema>;
export type PartFormApi = UseFormReturn<PartFormValues, unknown, PartInput>;

const YEAR_MESSAGE = `Enter a year from ${VEHICLE_YEAR_MIN} to ${VEHICLE_YEAR_MAX}`;

/**
 * Words for the rules PartInputSchema states without a message of its own (the row fields'
 * min(1), a missing year). Messages the schema names win over these (zod's precedence).
 */
const ROW_MESSAGES: Record<string, string> = {
  key: 'Enter the specification',
  value: 'Enter the value',
  make: 'Enter the make',
  model: 'Enter the model',
  yearFrom: YEAR_MESSAGE,
  yearTo: YEAR_MESSAGE,
  quantity: 'Enter a whole number from 1 to 99',
  note: 'Keep the note to 200 characters',
  minquantity: 'Enter the minimum order',
  img: messages.imgRequired,
};

export const partFormResolver = zodResolver(PartInputSchema, {
  error: (issue) => {
    const last = issue.path?.at(-1);
    return typeof last === 'string' ? ROW_MESSAGES[last] : undefined;
  },
});

/** The form's top-level fields, to tell a server error about one of them from any other. */
export const PART_FIELDS = new Set<string>(Object.keys(PartInputSchema.shape));

/** An empty number field is "no number", not zero (z.coerce would read '' as 0). */
export const numberOrUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
/** A year or count field read as a number; empty is "not given" (the schema then asks or defaults). */
export const numberValue = (value: unknown) => (value === '' || value === null ? undefined : Number(value));
/** The empty "Any / not applicable" choice and an empty note are stored as null, not ''. */
export const textOrNull = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A new fitment row: one unit per bike, no position or note until the admin says otherwise. */
export const emptyFitmentRow = (): NonNullable<PartFormValues['fitment']>[number] => ({
  make: '',
  model: '',
  yearFrom: undefined as unknown as number,
  yearTo: undefined as unknown as number,
  position: null,
  quantity: 1,
  note: null,
});

/** A part as the form edits it: with its other numbers (GET /api/parts/:id answers them). */
export type EditedPart = Part & { numbers?: PartNumber[] };

export function partFormDefaults(part: EditedPart | undefined): PartFormValues {
  if (!part) {
    return {
      name: '',
      seller: '',
      price: '',
      img: '',
      description: '',
      stock: '',
      availablequantity: '',
      minquantity: '',
      // Left unset so the select shows its prompt; the schema says 'Choose a brand'.
      brand: undefined as unknown as PartFormValues['brand'],
      category: undefined as unknown as PartFormValues['category'],
      partNumber: '',
      specifications: [],
      universal: false,
      fitment: [],
      numbers: [],
    };
  }
  return {
    name: part.name,
    seller: part.seller,
    price: String(part.price),
    img: part.img,
    description: part.description,
    stock: String(part.stock),
    availablequantity: String(part.availablequantity),
    minquantity: String(part.minquantity),
    brand: part.brand as PartFormValues['brand'],
    category: part.category as PartFormValues['category'],
    partNumber: part.partNumber,
    specifications: part.specifications,
    universal: part.universal,
    fitment: part.fitment,
    numbers: (part.numbers ?? []).map(({ kind, brand, number }) => ({ kind, brand, number })),
  };
}
