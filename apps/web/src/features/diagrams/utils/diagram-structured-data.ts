import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramAssemblyPath, diagramBikePath } from '@pitstop/core/diagram-paths';
import type { ResolvedBike } from '@pitstop/core/diagrams';
import { vehicleLabel, vehiclePartsPath } from '@pitstop/core/vehicle-fit';

export interface Crumb {
  name: string;
  path: string;
}

/**
 * The diagram pages' trail: Home › the bike (its parts) › Diagrams › the assembly. The same
 * steps are shown on the page and written as BreadcrumbList JSON-LD.
 */
export function diagramCrumbs(bike: ResolvedBike, assembly?: { name: string; slug: string }): Crumb[] {
  const crumbs: Crumb[] = [
    { name: 'Home', path: '/' },
    { name: vehicleLabel(bike), path: vehiclePartsPath(bike) },
    { name: diagramScreenTexts.crumbDiagrams, path: diagramBikePath(bike) },
  ];
  if (assembly) crumbs.push({ name: assembly.name, path: diagramAssemblyPath(bike, assembly.slug) });
  return crumbs;
}

/** schema.org BreadcrumbList for the crumbs, with absolute addresses. */
export function breadcrumbJsonLd(crumbs: Crumb[], origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.path, origin).href,
    })),
  };
}
