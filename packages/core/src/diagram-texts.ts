/*
 * The parts diagrams' texts (issue #29): the rider's pages, the admin editor and the API's
 * refusals. Apart from messages.ts: the storefront's first load carries that file, and only the
 * diagram pages and the admin editor show these.
 */
export const diagramTexts = {
  /** The rider's pages. */
  heading: 'Parts diagrams',
  bikeHeading: (bike: string) => `Parts diagrams for the ${bike}`,
  assemblyTitle: (assembly: string, bike: string) => `${assembly} — ${bike} parts diagram`,
  seeOnDiagram: 'See it on the diagram',
  shopByDiagram: 'Shop by diagram',
  searchLabel: 'Search the assemblies',
  searchPlaceholder: 'Brake, chain, headlight…',
  noAssemblies: 'No parts diagrams for this bike yet.',
  noMatches: (q: string) => `No assembly matches “${q}”.`,
  callouts: (n: number) => (n === 1 ? '1 callout' : `${n} callouts`),
  callout: (n: number) => `Callout ${n}`,
  calloutParts: (n: number, names: string) => `Callout ${n}: ${names}`,
  partsList: 'Parts on this diagram',
  quantityPerBike: (n: number) => `${n} per bike`,
  fits: 'Fits your bike',
  doesNotFit: 'Does not fit this bike',
  universal: 'Fits any bike',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  resetZoom: 'Reset zoom',
  backToBike: (bike: string) => `All diagrams for the ${bike}`,
  bikeNotFound: 'We don’t know that bike.',
  assemblyNotFound: 'That diagram does not exist for this bike.',

  /** The admin editor. */
  adminHeading: 'Parts diagrams',
  newAssembly: 'New assembly',
  editAssembly: 'Edit assembly',
  deleteAssembly: 'Delete assembly',
  deleteAssemblyConfirm: (name: string) => `Delete “${name}” and its callouts?`,
  uploadPicture: 'Upload the diagram picture',
  pictureHint: 'PNG, WebP or SVG, at most 5 MB. SVG drawings are cleaned and stored as a picture.',
  dropCallout: 'Click on the picture to drop a callout',
  addCallout: 'Add callout',
  moveCallout: 'Drag to move',
  deleteCallout: (n: number) => `Delete callout ${n}`,
  partNumberLabel: 'Part number',
  quantityLabel: 'Quantity per bike',
  noteLabel: 'Note',
  numberLabel: 'Callout number',
  saved: 'The diagram was saved.',
  deleted: 'The assembly was deleted.',
  importHeading: 'Import / export diagrams',
  importDone: (assemblies: number, callouts: number) =>
    `Imported ${assemblies} ${assemblies === 1 ? 'assembly' : 'assemblies'} with ${callouts} ${
      callouts === 1 ? 'callout' : 'callouts'
    }.`,
  exportJson: 'Export JSON',
  exportCsv: 'Export CSV',

  /** Refusals (forms and API, each under its field). */
  makeRequired: 'Choose a make',
  modelRequired: 'Choose a model',
  yearsOrdered: 'The first year must not be after the last year',
  nameRequired: 'Enter the assembly’s name',
  slugInvalid: 'Use lowercase letters, digits and dashes (front-brake-caliper)',
  slugTaken: (slug: string) => `This bike already has an assembly at “${slug}”`,
  imageRequired: 'Upload the diagram picture first',
  imageTypes: 'Please choose a PNG, WebP or SVG picture.',
  svgUnsafe: (what: string) => `This SVG cannot be used: it contains ${what}.`,
  svgInvalid: 'This SVG could not be read. Save it again from the drawing program.',
  outsidePicture: 'Place the callout on the picture (x and y between 0 and 1)',
  numberInvalid: 'The callout number must be a whole number from 1',
  numberTaken: (n: number) => `Callout ${n} is already on this diagram`,
  partsRequired: 'Name at least one part',
  partRepeated: (number: string) => `${number} is listed twice on this callout`,
  unknownPartNumber: (number: string) => `No part has the number ${number}`,
  quantityInvalid: 'The quantity per bike is a whole number from 1 to 99',
  calloutNotFound: 'That callout is not on this diagram.',
  importLine: (line: number, message: string) => `Line ${line}: ${message}`,
  importEmpty: 'The file has no assemblies.',
  importHeader: (columns: readonly string[]) =>
    `The first line must name the columns: ${columns.join(', ')}.`,
  importCells: (found: number, expected: number) => `The row has ${found} cells; expected ${expected}.`,
  importJsonInvalid: 'The file is not a diagrams JSON document.',
  importAssemblyChanged: 'The rows of one assembly must carry the same name, picture and position',
} as const;
