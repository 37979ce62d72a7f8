/*
 * The diagram screens' own words beyond diagram-texts.ts (the rider's pages and the admin
 * editor). Apart from messages.ts: only those screens load them.
 */
export const diagramScreenTexts = {
  /** The breadcrumb's step for a bike's diagrams (Home › Bike › Diagrams › Assembly). */
  crumbDiagrams: 'Diagrams',
  shown: (n: number) => (n === 1 ? '1 assembly shown' : `${n} assemblies shown`),
  bikeLead: 'Pick an assembly, then the numbered part on its drawing.',
  assemblyLead: 'Choose a number on the drawing, or a part in the list.',
  drawingLabel: (assembly: string) => `Drawing of the ${assembly}`,
  zoomKeys: 'Zoom with + and −, move with the arrow keys',
  partNumber: (n: string) => `Part no. ${n}`,
  emptyDiagram: 'No parts are on this diagram yet.',
  bikeTitle: (bike: string) => `${bike} parts diagrams`,
  bikeDescription: (bike: string, names: string) =>
    `Exploded parts diagrams for the ${bike}: ${names}. Find each numbered part and order it.`,
  assemblyDescription: (assembly: string, bike: string, n: number) =>
    `${assembly} parts diagram for the ${bike}: ${n === 1 ? '1 numbered part' : `${n} numbered parts`} with prices and stock.`,
  /** Where a part is drawn ("Front brake caliper · Yamaha MT-07 2018–2020 · number 7"). */
  onDiagram: (assembly: string, bike: string, number: number) => `${assembly} · ${bike} · number ${number}`,
  // The admin editor.
  bikeFilter: 'Show the assemblies of',
  applyFilter: 'Filter',
  allBikes: 'All bikes',
  noAdminAssemblies: 'No assemblies yet. Add the first one, or import a file.',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  yearFrom: 'First year',
  yearTo: 'Last year',
  name: 'Name',
  slug: 'Address (optional)',
  slugHint: 'Made from the name when left empty.',
  position: 'Position in the list',
  picture: 'Picture',
  uploading: 'Uploading…',
  removedFromSvg: (what: string) => `Removed from the SVG: ${what}.`,
  save: 'Save assembly',
  saving: 'Saving…',
  cancel: 'Cancel',
  edit: 'Edit',
  open: 'Edit callouts',
  calloutsHeading: 'Callouts',
  canvasLabel: 'Diagram picture: click to drop a callout, drag a number to move it',
  canvasHint:
    'Click on the picture to drop a callout. Drag a number to move it; or select it and nudge it with the arrow keys (Shift for bigger steps). Delete removes the selected callout.',
  selectedCallout: (n: number) => `Callout ${n}`,
  partNumbersLabel: 'Part numbers',
  addPart: 'Add another part',
  removePart: 'Remove part',
  saveCallout: 'Save callout',
  calloutSaved: (n: number) => `Callout ${n} was saved.`,
  calloutMoved: (n: number) => `Callout ${n} was moved.`,
  calloutDeleted: (n: number) => `Callout ${n} was deleted.`,
  newCalloutAt: (n: number) => `Callout ${n}: type its part number and save it.`,
  unsavedCallout: 'Not saved yet',
  importLabel: 'Import a file (CSV or JSON)',
  importButton: 'Import',
  importing: 'Importing…',
  exportFailed: 'The export could not be made. Please try again.',
  backToList: 'All assemblies',
  yearsLabel: (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`),
} as const;
