import { useSearchParams } from 'react-router';
import { CATEGORY_LABELS } from '@pitstop/core/catalogue';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { parsePartFilters, type PartFilters } from '@/features/parts/api/part-filters';
import { PartsCatalogue } from '@/features/parts/components/parts-catalogue';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** "Parts", "Honda parts", "Brake pads" or "Honda brake pads", after the URL's filters. */
export function catalogueTitle({ brand, category }: PartFilters): string {
  const label = category ? CATEGORY_LABELS[category] : undefined;
  if (brand && label) return `${brand} ${label.toLowerCase()}`;
  if (brand) return `${brand} parts`;
  return label ?? 'Parts';
}

export function PartsRoute() {
  const [searchParams] = useSearchParams();
  const filters = parsePartFilters(searchParams);
  const title = catalogueTitle(filters);

  useDocumentMeta(
    title,
    `${title === 'Parts' ? 'Motorcycle parts' : title} with prices, stock, specifications and fitment, delivered within one business day.`,
  );

  return (
    <PageContainer>
      <PageHeader title={title} eyebrow="Catalogue">
        <p>
          Genuine, tested parts with pictures and full specifications. Filter by brand or category, or search.
        </p>
      </PageHeader>
      <PartsCatalogue />
    </PageContainer>
  );
}
