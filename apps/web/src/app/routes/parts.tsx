import { useSearchParams } from 'react-router';
import { CATEGORY_LABELS } from '@pitstop/core/catalogue';
import { vehicleLabel } from '@pitstop/core/vehicle-fit';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { CatalogueBikeBar } from '@/features/fitment/components/catalogue-bike-bar';
import { useActiveVehicle } from '@/features/fitment/hooks/use-garage-vehicles';
import {
  parsePartFilters,
  partsHref,
  withFilters,
  type PartFilters,
} from '@/features/parts/api/part-filters';
import { PartsCatalogue } from '@/features/parts/components/parts-catalogue';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/**
 * "Parts", "Honda parts", "Brake pads" or "Honda brake pads", after the URL's filters (several
 * brands: "Yamaha and Honda parts", "Yamaha, TVS and Honda brake pads"), and
 * "… for 2019 Yamaha YZF-R15 V3" when a bike is chosen.
 */
export function catalogueTitle({ brands, category, bike }: PartFilters): string {
  const brand = brands?.length
    ? brands.length === 1
      ? brands[0]
      : `${brands.slice(0, -1).join(', ')} and ${brands.at(-1)}`
    : undefined;
  const label = category ? CATEGORY_LABELS[category] : undefined;
  let title = label ?? 'Parts';
  if (brand && label) title = `${brand} ${label.toLowerCase()}`;
  else if (brand) title = `${brand} parts`;
  return bike ? `${title} for ${vehicleLabel(bike)}` : title;
}

export function PartsRoute() {
  const [searchParams] = useSearchParams();
  const filters = parsePartFilters(searchParams);
  const title = catalogueTitle(filters);
  // Badges speak of the bike in the URL when there is one, else of the garage's active bike.
  const activeVehicle = useActiveVehicle();
  const vehicle = filters.bike ?? activeVehicle;

  useDocumentMeta(
    title,
    `${title === 'Parts' ? 'Motorcycle parts' : title} with prices, stock, specifications and fitment, delivered within one business day.`,
    // One address per view: the filters in the catalogue's fixed order, with what the API would
    // refuse, the defaults (relevance, page 1) and any other parameter left out.
    { canonicalPath: partsHref(filters) },
  );

  return (
    <PageContainer>
      <PageHeader title={title} eyebrow="Catalogue">
        <p>
          Genuine, tested parts with pictures and full specifications. Choose your bike to see what fits, then
          narrow by brand, category, price or rating, or search by name or part number.
        </p>
      </PageHeader>
      <CatalogueBikeBar
        bike={filters.bike ?? null}
        hrefFor={(bike) => partsHref(withFilters(filters, { bike: bike ?? undefined }))}
      />
      <PartsCatalogue vehicle={vehicle} renderPartAction={(part) => <AddToCartButton part={part} />} />
    </PageContainer>
  );
}
