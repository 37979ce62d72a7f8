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
