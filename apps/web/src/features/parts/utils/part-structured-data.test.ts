import { describe, expect, it } from 'vitest';
import { DELIVERY_STATES } from '@pitstop/core/delivery-area';
import { DEFAULT_DELIVERY_SETTINGS, type Carrier, type Weekday } from '@pitstop/core/delivery-promise';
import { RETURN_POLICY_DAYS, returnPolicyTexts } from '@pitstop/core/return-policy';
import { createPart } from '@/testing/part-factory';
import { partProductJsonLd } from './part-structured-data';

interface Days {
  minValue: number;
  maxValue: number;
  unitCode: string;
}

interface Offer {
  url: string;
  price: string;
  priceCurrency: string;
  shippingDetails: {
    '@type': string;
    shippingRate: { value: number; currency: string };
    shippingDestination: { '@type': string; addressCountry: string; addressRegion: string[] };
    deliveryTime: { '@type': string; handlingTime: Days; transitTime: Days };
  };
  hasMerchantReturnPolicy: Record<string, unknown>;
}

const offerOf = (part = createPart({ price: 21.5 })) =>
  (partProductJsonLd(part, 'https://shop.example') as { offers: Offer }).offers;

describe('partProductJsonLd', () => {
  it('offers the part at its price, at its address', () => {
    const part = createPart({ price: 21.5 });
    const offer = offerOf(part);
    expect(offer).toMatchObject({
      price: '21.50',
      priceCurrency: 'USD',
      url: `https://shop.example/parts/${part._id}`,
    });
  });

  it('ships free to the 48 contiguous states and DC, and nowhere else', () => {
    const { shippingDetails } = offerOf();
    expect(shippingDetails['@type']).toBe('OfferShippingDetails');
    expect(shippingDetails.shippingRate).toEqual({ '@type': 'MonetaryAmount', value: 0, currency: 'USD' });
    const destination = shippingDetails.shippingDestination;
    expect(destination['@type']).toBe('DefinedRegion');
    expect(destination.addressCountry).toBe('US');
    expect(destination.addressRegion).toHaveLength(49);
    expect(destination.addressRegion).toEqual(expect.arrayContaining(['DC', 'CA', 'NY', 'TX', 'WY']));
    for (const outside of ['AK', 'HI', 'PR', 'GU']) expect(destination.addressRegion).not.toContain(outside);
    // The same area the checkout accepts addresses in.
    expect(destination.addressRegion).toEqual(Object.keys(DELIVERY_STATES));
  });

  it('promises delivery within one business day: handling and transit add up to at most a day', () => {
    const { deliveryTime } = offerOf().shippingDetails;
    expect(deliveryTime['@type']).toBe('ShippingDeliveryTime');
    for (const time of [deliveryTime.handlingTime, deliveryTime.transitTime]) {
      expect(time).toMatchObject({ '@type': 'QuantitativeValue', unitCode: 'DAY' });
      expect(time.minValue).toBeLessThanOrEqual(time.maxValue);
    }
    expect(deliveryTime.handlingTime.maxValue + deliveryTime.transitTime.maxValue).toBe(1);
  });

  it('follows the delivery settings: handling days, the fastest carriers’ transit range, business days', () => {
    const settings = {
      ...DEFAULT_DELIVERY_SETTINGS,
      handlingDays: 2,
      businessDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as Weekday[],
      carriers: [
        { name: 'Ground', transitDays: 2, byState: { CA: 4, NY: 1 } },
        { name: 'Air', transitDays: 3, byState: { CA: 3 } },
      ] as Carrier[],
    };
    const offer = (partProductJsonLd(createPart(), 'https://shop.example', settings) as { offers: Offer })
      .offers;
    const time = offer.shippingDetails.deliveryTime as Offer['shippingDetails']['deliveryTime'] & {
      businessDays: { dayOfWeek: string[] };
    };
    expect(time.handlingTime).toMatchObject({ minValue: 2, maxValue: 2 });
    // NY by Ground in 1, CA by Air in 3, the rest by Ground in 2.
    expect(time.transitTime).toMatchObject({ minValue: 1, maxValue: 3 });
    expect(time.businessDays.dayOfWeek).toHaveLength(6);
    expect(time.businessDays.dayOfWeek).toContain('https://schema.org/Saturday');
    expect(offer.shippingDetails.shippingRate.value).toBe(0);
  });

  it('states the Returns page’s policy: 30 days from delivery, by mail, postage paid by the customer', () => {
    expect(offerOf().hasMerchantReturnPolicy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'US',
      returnPolicyCountry: 'US',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 30,
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
      refundType: 'https://schema.org/FullRefund',
      merchantReturnLink: 'https://shop.example/returns',
    });
    // The page says the same window, in words.
    expect(returnPolicyTexts.windowHeading).toBe(`${RETURN_POLICY_DAYS} days from delivery`);
    expect(returnPolicyTexts.shippingText).toMatch(/You pay the postage to send parts back/);
  });
});
