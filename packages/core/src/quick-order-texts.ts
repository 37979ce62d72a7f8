import { groupThousands } from './money.js';

/**
 * What quick order and reorder say (issue #30 item 4): the API's refusals and per-line errors and
 * the /quick-order page's words. No runtime dependencies, so the page's chunk carries only these.
 */
export const quickOrderTexts = {
  // The whole input
  empty: 'Paste or upload at least one line: a part number, then a comma and the quantity.',
  tooManyLines: (max: number, count: number) =>
    `Quick order takes at most ${groupThousands(max)} lines at a time; this has ${groupThousands(count)}. Split it into parts of ${groupThousands(max)} lines.`,
  noFile: 'Choose a .csv or .txt file to upload (form field "file").',
  fileTooLarge: (maxKb: number, max: number) =>
    `That file is too large: quick order takes at most ${groupThousands(maxKb)} KB and ${groupThousands(max)} lines.`,
  notText: 'That file is not a text file. Upload a .csv or .txt file of lines "part number, quantity".',
  // One line
  lineTooLong: (max: number) =>
    `This line is longer than ${max} characters: it is not a part number and quantity.`,
  noNumber: 'No part number on this line.',
  notANumber: 'That is not a part number.',
  formula: 'This looks like a spreadsheet formula (it starts with =, +, - or @), not a part number.',
  badQuantity: (max: number) => `Quantity must be a whole number from 1 to ${groupThousands(max)}.`,
  unknownNumber: 'No part has this number.',
  ambiguous: (count: number) =>
    `${count} parts carry this number (an OEM or interchange number): type the part's own number.`,
  belowMinimum: (min: number) =>
    `Quantity can't be less than ${groupThousands(min)} (the part's minimum order).`,
  aboveStock: (available: number) =>
    available === 0 ? 'Out of stock.' : `Only ${groupThousands(available)} in stock.`,
  outOfStock: 'Out of stock.',
  mergedInto: (line: number) => `Same part as line ${line}: the quantities are added together there.`,
  matchedBy: (kind: string, number: string) => `Found by its ${kind} number ${number}`,
  // Adding to the cart
  cartFull: (max: number) => `Your cart holds at most ${max} different parts.`,
  partGone: 'This part is no longer sold.',
  inCartAlready: (inCart: number, message: string) =>
    `${message} Your cart already holds ${groupThousands(inCart)}.`,
  // Reorder
  reorderNoLines: 'None of this order’s parts could be added to your cart.',
  noLongerSold: 'No longer sold.',
  addedFewer: (added: number, asked: number) =>
    `Only ${groupThousands(added)} of ${groupThousands(asked)} in stock: ${groupThousands(added)} added.`,
  raisedToMinimum: (min: number) => `Raised to the part's minimum order of ${groupThousands(min)}.`,
  // The page
  heading: 'Quick order',
  metaDescription: 'Order many parts at once by part number at Pitstop Parts.',
  lead: 'Paste lines of part number and quantity, one per line (up to 500), or upload a CSV or text file. Commas, semicolons or tabs separate the columns; a header row is fine; without a quantity the part’s minimum is used.',
  textLabel: 'Part numbers and quantities',
  resultsLabel: 'Your lines, checked',
  placeholder: '15-9080, 2\nFA196HH; 4\nKMG-100',
  uploadLabel: 'Upload a .csv or .txt file',
  resolving: 'Checking the part numbers',
  resolveFailed: 'The lines could not be checked. Please try again.',
  colLine: 'Line',
  colNumber: 'Part number',
  colPart: 'Part',
  colQuantity: 'Quantity',
  colPrice: 'Unit price',
  colStock: 'Stock',
  colTotal: 'Line total',
  colStatus: 'Status',
  ok: 'Ready',
  summary: (good: number, bad: number) =>
    `${groupThousands(good)} ${good === 1 ? 'line' : 'lines'} ready, ${groupThousands(bad)} with ${bad === 1 ? 'a problem' : 'problems'}.`,
  total: 'Total of the ready lines',
  headerSkipped: 'The first line was read as a header and skipped.',
  addAll: 'Add all to cart',
  adding: 'Adding…',
  added: (count: number) => `${groupThousands(count)} ${count === 1 ? 'part' : 'parts'} added to your cart.`,
  notAddedHeading: 'Not added',
  goToCart: 'Go to cart',
  addFailed: 'The parts could not be added to your cart. Please try again.',
  minimum: (n: number) => `Minimum ${groupThousands(n)}`,
  // Reorder button on the order page
  reorder: 'Reorder',
  reorderLabel: (number: string) => `Reorder ${number}: put its parts in your cart`,
  reordering: 'Adding to your cart…',
  reorderAdded: (count: number) =>
    `${groupThousands(count)} ${count === 1 ? 'part' : 'parts'} of this order added to your cart.`,
  reorderFailed: 'This order’s parts could not be added to your cart. Please try again.',
  linkLabel: 'Quick order',
} as const;
