import { diagramAssemblyPath, diagramBikePath, type DiagramBike } from './diagram-paths.js';

/*
 * The diagrams API's addresses, apart from the pages' (diagram-paths.ts): the garage's link is in
 * the storefront's first load, and a module there brings every export any screen uses with it.
 */

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
