/**
 * The parts diagrams' addresses (issue #29), without zod: the garage's "Parts diagrams" link and
 * the part page's "See it on the diagram" use them, and those pages' first loads carry no zod.
 * diagrams.ts (the contract) re-exports all of this.
 */

/** "Yamaha" → "yamaha", "YZF-R15 V3" → "yzf-r15-v3", "CB500X (ABS)" → "cb500x-abs". */
export function vehicleSlug(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The bike as the diagram pages name it: real names, or slugs already (slugging is idempotent). */
export interface DiagramBike {
  year: number;
  make: string;
  model: string;
}

/** `/diagrams/yamaha/yzf-r15-v3/2019`: the bike's assemblies. */
export function diagramBikePath(bike: DiagramBike): string {
  return `/diagrams/${vehicleSlug(bike.make)}/${vehicleSlug(bike.model)}/${bike.year}`;
}

/** `/diagrams/yamaha/yzf-r15-v3/2019/front-brake-caliper`: one assembly for that bike. */
export function diagramAssemblyPath(bike: DiagramBike, slug: string): string {
  return `${diagramBikePath(bike)}/${slug}`;
}

/** The API's addresses (all JSON unless said). */
export const diagramsApi = {
  /** GET: every bike with diagrams (make, model, years) — the picker's links and the sitemap. */
  bikes: '/api/diagrams',
  /** GET `?q=` (optional text filter): BikeDiagramsSchema; 404 for a bike the shop does not know. */
  bike: (bike: DiagramBike, q?: string) =>
    `/api${diagramBikePath(bike)}${q ? `?${new URLSearchParams({ q }).toString()}` : ''}`,
  /** GET: AssemblyDetailSchema for that bike (fits for its year); 404 when the bike has no such assembly. */
  assembly: (bike: DiagramBike, slug: string) => `/api${diagramAssemblyPath(bike, slug)}`,
  /** GET `?year&make&model` (optional bike): PartDiagramLinkSchema[] — "See it on the diagram". */
  forPart: (partId: string, bike?: DiagramBike) =>
    `/api/diagrams/parts/${partId}${
      bike
        ? `?${new URLSearchParams({ year: String(bike.year), make: bike.make, model: bike.model }).toString()}`
        : ''
    }`,

  /** Admin only (403 otherwise). GET `?make&model&year` (each optional): AssemblySummarySchema[]. */
  adminList: '/api/admin/diagrams',
  /** POST AssemblyInputSchema → 201 AssemblyDetailSchema. */
  adminCreate: '/api/admin/diagrams',
  /** GET AssemblyDetailSchema (fits for its first year) · PUT AssemblyInputSchema · DELETE → 204. */
  adminAssembly: (id: string) => `/api/admin/diagrams/${id}`,
  /**
   * POST multipart, field "image": PNG, WebP or SVG (at most 5 MB) → DiagramPictureUploadSchema.
   * SVG is cleaned (scripts, event handlers, external references, entities refused) and stored as a
   * WebP like any other upload; the answer's `url` goes in AssemblyInputSchema's `image`.
   */
  adminPicture: '/api/admin/diagrams/pictures',
  /** POST CalloutInputSchema → 201 AssemblyDetailSchema (the whole assembly, updated). */
  adminCallouts: (assemblyId: string) => `/api/admin/diagrams/${assemblyId}/callouts`,
  /**
   * PATCH CalloutMoveSchema (move) · PUT CalloutInputSchema (replace number, place and parts) ·
   * DELETE → AssemblyDetailSchema each.
   */
  adminCallout: (assemblyId: string, calloutId: string) =>
    `/api/admin/diagrams/${assemblyId}/callouts/${calloutId}`,
  /**
   * GET `?make&model&year` (year optional: assemblies whose range covers it) and `format=json|csv`:
   * DiagramsDocumentSchema, or the CSV of DIAGRAMS_CSV_COLUMNS (a download).
   */
  adminExport: '/api/admin/diagrams/export',
  /**
   * POST the document: `content-type: application/json` (DiagramsDocumentSchema) or `text/csv`.
   * All or nothing; → DiagramsImportResultSchema, or 400 naming each bad field (CSV: "Line 4: …",
   * JSON: the path, e.g. `assemblies.0.callouts.2.parts.0.partNumber`).
   */
  adminImport: '/api/admin/diagrams/import',
} as const;
