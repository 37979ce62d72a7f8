import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';

/** The order form's fields a server error can name. */
export type OrderFieldName =
  | 'name'
  | 'email'
  | 'num'
  | 'parts'
  | 'quantity'
  | 'address.street'
  | 'address.line2'
  | 'address.city'
  | 'address.state'
  | 'address.zip';

/**
 * Where each field the API names is shown: the form's own, and the address's, whose name and
 * phone are the form's Name and Phone number.
 */
const FIELD_OF: Record<string, OrderFieldName> = {
  name: 'name',
  email: 'email',
  num: 'num',
  parts: 'parts',
  quantity: 'quantity',
  'address.name': 'name',
  'address.phone': 'num',
  'address.street': 'address.street',
  'address.line2': 'address.line2',
  'address.city': 'address.city',
  'address.state': 'address.state',
  'address.zip': 'address.zip',
};

const PLACE_FAILED = 'Your order could not be placed. Please try again.';

export interface OrderFailure {
  /** Messages to show under their fields, the first focused. */
  fields: { field: OrderFieldName; message: string }[];
  /** A message that belongs to no field, said under the form. */
  general: string | null;
  /** The part's stock is not what the page showed: the screen should read it again. */
  stockChanged: boolean;
}

/**
 * What a refused order means for the form. A refusal of the way to pay (not approved, over the
 * limit) is said under the form; too few left (409, someone was quicker) is about the quantity;
 * field errors go under their fields; anything else is one general message.
 */
export function orderFailure(error: unknown): OrderFailure {
  if (!isApiError(error) || error.isNetworkError) {
    return { fields: [], general: problemText(error, PLACE_FAILED), stockChanged: false };
  }
  if (error.errors.some(({ field }) => field === 'payment')) {
    return { fields: [], general: problemText(error, PLACE_FAILED), stockChanged: false };
  }
  if (error.status === 409) {
    return { fields: [{ field: 'quantity', message: error.message }], general: null, stockChanged: true };
  }
  const fields = error.errors.flatMap(({ field, message }) => {
    const shown = Object.hasOwn(FIELD_OF, field) ? FIELD_OF[field] : undefined;
    return shown ? [{ field: shown, message }] : [];
  });
  return {
    fields,
    general: fields.length === 0 ? problemText(error, PLACE_FAILED) : null,
    stockChanged: fields.some(({ field }) => field === 'quantity'),
  };
}
