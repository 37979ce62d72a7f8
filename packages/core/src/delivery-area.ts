/**
 * Where the shop delivers: the 48 contiguous states and DC (the About page's promise). The codes
 * are USPS's; the names are what a state selector shows. A module of its own, without zod: the
 * checkout's address rules read it, and so does a part page's structured data (shipping), whose
 * code every visitor loads.
 */
export const DELIVERY_STATES = {
  AL: 'Alabama',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;
export type DeliveryState = keyof typeof DELIVERY_STATES;

/** US addresses outside the delivery area: refused with a message that names them. */
export const STATES_NOT_SERVED = {
  AK: 'Alaska',
  HI: 'Hawaii',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'the U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'the Northern Mariana Islands',
  UM: 'the U.S. Minor Outlying Islands',
  FM: 'Micronesia',
  MH: 'the Marshall Islands',
  PW: 'Palau',
  AA: 'Armed Forces (AA) addresses',
  AE: 'Armed Forces (AE) addresses',
  AP: 'Armed Forces (AP) addresses',
} as const;

export function isDeliveryState(code: string): code is DeliveryState {
  return Object.hasOwn(DELIVERY_STATES, code);
}
