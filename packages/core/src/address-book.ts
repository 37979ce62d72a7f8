import { z } from 'zod';
import { DeliveryAddressFieldsSchema, zipInState } from './delivery-address.js';
import { OrderAddressSchema } from './orders.js';

/*
 * The address book (issue #28, item 4): several delivery addresses per customer, at most one the
 * default, which the checkout offers first and 1-Click ships to. Every entry passes the delivery
 * address's rules (48 states + DC, ZIP, phone, line 2) on the server and in the forms.
 */

/** How many addresses a customer may keep (a shop, not a mailing list). */
export const ADDRESS_BOOK_MAX = 20;

/** POST /api/addresses and PUT /api/addresses/:id: an address, and whether it becomes the default. */
export const AddressEntryInputSchema = DeliveryAddressFieldsSchema.extend({
  /** true: this one becomes the default (the previous default stops being it). Omitted: unchanged (a first address is the default). */
  isDefault: z.boolean().optional(),
}).superRefine(zipInState);
export type AddressEntryInput = z.input<typeof AddressEntryInputSchema>;

export const AddressIdParamsSchema = z.object({ id: z.uuid({ message: 'This address was not found.' }) });

/** One saved address as the API answers it (no line 2: no key, as on an order's address). */
export const AddressEntrySchema = OrderAddressSchema.extend({
  id: z.string(),
  isDefault: z.boolean(),
});
export type AddressEntry = z.infer<typeof AddressEntrySchema>;

/** GET /api/addresses: the caller's own, the default first, then the most recently used. */
export const AddressBookSchema = z.object({ addresses: z.array(AddressEntrySchema) });
export type AddressBook = z.infer<typeof AddressBookSchema>;

export const addressBookTexts = {
  heading: 'Addresses',
  add: 'Add an address',
  save: 'Save address',
  saving: 'Saving…',
  cancel: 'Cancel',
  loading: 'Loading your addresses',
  /** The profile's form, adding or editing. */
  addHeading: 'New address',
  editHeading: 'Edit address',
  removing: 'Removing…',
  makingDefault: 'Saving…',
  edit: 'Edit',
  editName: (street: string) => `Edit ${street}`,
  remove: 'Remove',
  removeName: (street: string) => `Remove ${street}`,
  confirmRemove: 'Remove this address? Orders already placed keep theirs.',
  makeDefault: 'Make default',
  makeDefaultName: (street: string) => `Make ${street} the default`,
  defaultBadge: 'Default',
  defaultCheckbox: 'Use as my default address',
  empty: 'No saved addresses yet. The address of your first order is kept here.',
  full: `You can keep up to ${ADDRESS_BOOK_MAX} addresses. Remove one to add another.`,
  notFound: 'This address was not found.',
  saved: 'Address saved.',
  removed: 'Address removed.',
  /** The checkout's choice between a saved address and a new one. */
  deliverTo: 'Deliver to',
  useNew: 'A new address',
  /** The chooser's label for an entry: its street (and line 2), city, state and ZIP. */
  oneLine: (a: { street: string; line2?: string | undefined; city: string; state: string; zip: string }) =>
    `${a.street}${a.line2 ? `, ${a.line2}` : ''}, ${a.city}, ${a.state} ${a.zip}`,
  /** Under the checkout's new-address form: it is kept in the book. */
  keptForNextTime: 'We keep this address in your address book for next time.',
} as const;
