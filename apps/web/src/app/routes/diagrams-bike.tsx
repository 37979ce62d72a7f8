import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramBikePath, type DiagramBike } from '@pitstop/core/diagram-paths';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { vehicleLabel } from '@pitstop/core/vehicle-fit';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { useBikeDiagrams } from '@/features/diagrams/api/get-bike-diagrams';
import { AssemblyGrid } from '@/features/diagrams/components/assembly-grid';
import { DiagramBreadcrumb } from '@/features/diagrams/components/diagram-breadcrumb';
import { DiagramLoading } from '@/features/diagrams/components/diagram-loading';
import { DiagramNotFound } from '@/features/diagrams/components/diagram-not-found';
import { useDiagramBike } from '@/features/diagrams/hooks/use-diagram-bike';
import { breadcrumbJsonLd, diagramCrumbs } from '@/features/diagrams/utils/diagram-structured-data';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isApiError } from '@/lib/api-client';
import { useHttpStatus } from '@/lib/render-context';

/** /diagrams/:make/:model/:year — the bike's assemblies, searchable (public, server-rendered). */
export function DiagramsBikeRoute() {
  const bike = useDiagramBike();
  return bike ? <BikeDiagrams bike={bike} /> : <DiagramNotFound text={diagramTexts.bikeNotFound} />;
}

function BikeDiagrams({ bike }: { bike: DiagramBike }) {
  const query = useBikeDiagrams(bike);
  const notFound = query.isError && isApiError(query.error) && [400, 404].includes(query.error.status);
  const data = query.data;
  const label = data ? vehicleLabel(data.bike) : '';
  useHttpStatus(notFound ? 404 : 200);
  useDocumentMeta(
    data ? diagramScreenTexts.bikeTitle(label) : notFound ? diagramTexts.bikeNotFound : diagramTexts.heading,
    data
      ? diagramScreenTexts.bikeDescription(label, data.assemblies.map((a) => a.name).join(', ')).slice(0, 160)
      : 'Exploded parts diagrams for your bike at Pitstop Parts.',
    data
      ? {
          canonicalPath: diagramBikePath(data.bike),
          jsonLd: (origin) => [breadcrumbJsonLd(diagramCrumbs(data.bike), origin)],
        }
      : {},
  );

  if (notFound) return <DiagramNotFound text={diagramTexts.bikeNotFound} />;
  if (query.isError || !data) return <DiagramLoading query={query} />;
  return (
    <PageContainer>
      <DiagramBreadcrumb crumbs={diagramCrumbs(data.bike)} />
      <PageHeader title={diagramTexts.bikeHeading(label)}>
        <p>{diagramScreenTexts.bikeLead}</p>
      </PageHeader>
      <AssemblyGrid bike={data.bike} assemblies={data.assemblies} />
    </PageContainer>
  );
}
