/*
 * The delivery address's refusals, in the forms and from the API. Apart from messages.ts: the
 * storefront's first load carries that file's cart texts, and no page of it asks for an address.
 */
export const addressTexts = {
  addressNameRequired: 'Enter the full name of the person receiving the parts',
  streetRequired: 'Enter the street address',
  cityRequired: 'Enter the city',
  stateRequired: 'Choose a state',
  stateUnknown: 'Choose a US state',
  /** Alaska, Hawaii and the territories: the shop promises the 48 contiguous states and DC. */
  stateNotServed: (name: string) =>
    `We deliver to the 48 contiguous states and DC only, so we can't ship to ${name}.`,
  zipInvalid: 'Enter a 5-digit ZIP code (or ZIP+4, like 94107-1234)',
  phoneInvalid: 'Enter a 10-digit US phone number',
} as const;
