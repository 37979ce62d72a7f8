import { shareableImageUrl } from '@pitstop/core/images';
import type { Part } from '@pitstop/core/parts';

/** A root-relative address made absolute against the shop's origin. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).href;
}

/**
 * schema.org Product for a part page: the part number as sku, its brand, picture and offer, and
 * a rating only when real reviews exist (a made-up rating is worse than none).
 */
export function partProductJsonLd(part: Part, origin: string): object {
  const url = absoluteUrl(origin, `/parts/${part._id}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    sku: part.partNumber,
    mpn: part.partNumber,
    description: part.description,
    image: [absoluteUrl(origin, shareableImageUrl(part.img))],
    brand: { '@type': 'Brand', name: part.brand },
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: part.price.toFixed(2),
      priceCurrency: 'USD',
      availability:
        part.availablequantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: part.seller },
    },
    ...(part.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(part.ratings.toFixed(1)),
            reviewCount: part.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** schema.org BreadcrumbList: Home › Parts › the part. */
export function partBreadcrumbJsonLd(part: Part, origin: string): object {
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Parts', path: '/parts' },
    { name: part.name, path: `/parts/${part._id}` },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}
