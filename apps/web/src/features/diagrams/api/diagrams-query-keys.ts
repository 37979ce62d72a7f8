import type { DiagramBike } from '@pitstop/core/diagram-paths';

/** The one place the diagrams' query keys are spelled (reads and the admin's invalidations). */
export const diagramsKeys = {
  all: ['diagrams'] as const,
  bike: (bike: DiagramBike) => [...diagramsKeys.all, 'bike', bike.make, bike.model, bike.year] as const,
  assembly: (bike: DiagramBike, slug: string) => [...diagramsKeys.bike(bike), 'assembly', slug] as const,
  forPart: (partId: string, bike: DiagramBike | null) =>
    [...diagramsKeys.all, 'part', partId, bike ? `${bike.year} ${bike.make} ${bike.model}` : null] as const,
  admin: () => [...diagramsKeys.all, 'admin'] as const,
  adminList: (filter: object) => [...diagramsKeys.admin(), 'list', filter] as const,
  adminAssembly: (id: string) => [...diagramsKeys.admin(), 'assembly', id] as const,
};

/** diagramsApi's addresses start with /api; the client adds it. */
export const clientPath = (address: string) => address.replace(/^\/api(?=\/)/, '');
