import { DELIVERY_STATES } from '@pitstop/core/delivery-area';
import {
  DEFAULT_DELIVERY_SETTINGS,
  transitDaysTo,
  type DeliverySettings,
  type Weekday,
} from '@pitstop/core/delivery-promise';
import { shareableImageUrl } from '@pitstop/core/images';
import { stockLevel } from '@pitstop/core/minimums-texts';
import type { Part } from '@pitstop/core/parts';
import { RETURN_POLICY_SCHEMA } from '@pitstop/core/return-policy';

/** A root-relative address made absolute against the shop's origin. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).href;
}

/** Whole days, as schema.org's QuantitativeValue writes them (UN/CEFACT "DAY"). */
const days = (minValue: number, maxValue: number) => ({
  '@type': 'QuantitativeValue',
  minValue,
  maxValue,
  unitCode: 'DAY',
});

const SCHEMA_DAYS: Record<Weekday, string> = {
  mon: 'https://schema.org/Monday',
  tue: 'https://schema.org/Tuesday',
  wed: 'https://schema.org/Wednesday',
  thu: 'https://schema.org/Thursday',
  fri: 'https://schema.org/Friday',
  sat: 'https://schema.org/Saturday',
  sun: 'https://schema.org/Sunday',
};

/**
 * How every part ships, as the delivery settings (Admin → Settings) promise it: free, to the 48
 * contiguous states and DC (the checkout's delivery area), after the handling days, in the
 * fastest carrier's transit days (the fewest and the most over the states), on the shop's
 * business days. The same settings compute the promise on the page and the date an order keeps.
 */
function shippingDetails(settings: DeliverySettings) {
  const transit = Object.keys(DELIVERY_STATES).map((state) => transitDaysTo(settings, state).days);
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: 'USD' },
    shippingDestination: {
      '@type': 'DefinedRegion',
      addressCountry: 'US',
      addressRegion: Object.keys(DELIVERY_STATES),
    },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: days(settings.handlingDays, settings.handlingDays),
      transitTime: days(Math.min(...transit), Math.max(...transit)),
      businessDays: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: settings.businessDays.map((day) => SCHEMA_DAYS[day]),
      },
    },
  };
}

/**
 * The shop's return policy, as the Returns page (/returns) states it: 30 days from delivery, by
 * mail, the customer pays the postage back, a full refund. One object in the core that both read,
 * so the two cannot drift apart; the page is linked for the details.
 */
function returnPolicy(origin: string) {
  return { ...RETURN_POLICY_SCHEMA, merchantReturnLink: absoluteUrl(origin, '/returns') };
}

/**
 * schema.org Product for a part page: the part number as sku, its brand, picture and offer (with
 * its shipping and return policy, for merchant listings), and a rating only when real reviews
 * exist (a made-up rating is worse than none).
 */
export function partProductJsonLd(
  part: Part,
  origin: string,
  /** The delivery settings; the defaults (the About page's promise) while they are unknown. */
  delivery: DeliverySettings = DEFAULT_DELIVERY_SETTINGS,
): object {
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
      // As the page says it: not even the minimum order left is out of stock.
      availability:
        stockLevel(part) === 'out' ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: part.seller },
      shippingDetails: shippingDetails(delivery),
      hasMerchantReturnPolicy: returnPolicy(origin),
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
