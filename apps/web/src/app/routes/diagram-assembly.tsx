import { useParams } from 'react-router';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramAssemblyPath, diagramBikePath, type DiagramBike } from '@pitstop/core/diagram-paths';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import type { CalloutPart } from '@pitstop/core/diagrams';
import { vehicleLabel } from '@pitstop/core/vehicle-fit';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { useAssembly } from '@/features/diagrams/api/get-assembly';
import { AssemblyView } from '@/features/diagrams/components/assembly-view';
import { DiagramBreadcrumb } from '@/features/diagrams/components/diagram-breadcrumb';
import { DiagramLoading } from '@/features/diagrams/components/diagram-loading';
import { DiagramNotFound } from '@/features/diagrams/components/diagram-not-found';
import { useDiagramBike } from '@/features/diagrams/hooks/use-diagram-bike';
import { breadcrumbJsonLd, diagramCrumbs } from '@/features/diagrams/utils/diagram-structured-data';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isApiError } from '@/lib/api-client';
import { useHttpStatus } from '@/lib/render-context';

// Each part's row adds its minimum order, as a part card does (the cart's own rules and texts).
const renderActions = (part: CalloutPart) => <AddToCartButton part={part} />;

/** /diagrams/:make/:model/:year/:slug — one assembly's drawing and parts (public, server-rendered). */
export function DiagramAssemblyRoute() {
  const bike = useDiagramBike();
  const { slug = '' } = useParams();
  return bike && slug ? (
    <Assembly bike={bike} slug={slug} />
  ) : (
    <DiagramNotFound text={diagramTexts.assemblyNotFound} />
  );
}

function Assembly({ bike, slug }: { bike: DiagramBike; slug: string }) {
  const query = useAssembly(bike, slug);
  const notFound = query.isError && isApiError(query.error) && [400, 404].includes(query.error.status);
  const assembly = query.data;
  const label = assembly ? vehicleLabel(assembly.bike) : '';
  useHttpStatus(notFound ? 404 : 200);
  useDocumentMeta(
    assembly
      ? diagramTexts.assemblyTitle(assembly.name, label)
      : notFound
        ? diagramTexts.assemblyNotFound
        : diagramTexts.heading,
    assembly
      ? diagramScreenTexts.assemblyDescription(assembly.name, label, assembly.callouts.length)
      : 'An exploded parts diagram at Pitstop Parts.',
    assembly
      ? {
          canonicalPath: diagramAssemblyPath(assembly.bike, assembly.slug),
          image: assembly.picture.src,
          jsonLd: (origin) => [breadcrumbJsonLd(diagramCrumbs(assembly.bike, assembly), origin)],
        }
      : {},
  );

  if (notFound)
    return (
      <DiagramNotFound
        text={diagramTexts.assemblyNotFound}
        back={{ to: diagramBikePath(bike), label: diagramTexts.heading }}
      />
    );
  if (query.isError || !assembly) return <DiagramLoading query={query} />;
  return (
    <PageContainer>
      <DiagramBreadcrumb crumbs={diagramCrumbs(assembly.bike, assembly)} />
      <PageHeader title={assembly.name} eyebrow={diagramTexts.bikeHeading(label)}>
        <p>{diagramScreenTexts.assemblyLead}</p>
      </PageHeader>
      <AssemblyView assembly={assembly} renderActions={renderActions} />
    </PageContainer>
  );
}
