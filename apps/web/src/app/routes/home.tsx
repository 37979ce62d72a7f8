import { Suspense, useId, type ReactNode } from 'react';
import { fitmentTexts } from '@pitstop/core/vehicle-fit';
import { containerClass } from '@/components/layout/page-container';
import { SectionErrorBoundary } from '@/components/ui/section-error-boundary';
import { Spinner } from '@/components/ui/spinner';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { useActiveVehicle } from '@/features/fitment/hooks/use-garage-vehicles';
import { BusinessSummary } from '@/features/home/components/business-summary';
import { HeroCarousel } from '@/features/home/components/hero-carousel';
import { WhatWeDo } from '@/features/home/components/what-we-do';
import { BrandGrid } from '@/features/parts/components/brand-grid';
import { FeaturedParts } from '@/features/parts/components/featured-parts';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { lazyModule } from '@/lib/lazy-module';

// Below the fold: its code and its request wait until the visitor scrolls towards it, so it adds
// nothing to the home page's first load.
const RecentReviews = lazyModule('src/features/reviews/components/recent-reviews.tsx', () =>
  import('@/features/reviews/components/recent-reviews').then((m) => m.RecentReviews),
);

// The bike picker and My Garage (their queries, mutations and forms) load after the home page's
// own code, so the first load stays within its budget; the section's heading is there at once.
const FindPartsPanel = lazyModule('src/features/fitment/components/find-parts-panel.tsx', () =>
  import('@/features/fitment/components/find-parts-panel').then((m) => m.FindPartsPanel),
);

/** Right under the carousel: the rider's bike first, the way parts retailers work. */
function FindParts() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${containerClass} pt-8 sm:pt-10`}>
      <div className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
            {fitmentTexts.selectorHeading}
          </h2>
          <p className="text-slate-600">{fitmentTexts.selectorLead}</p>
        </div>
        {/* The fallback is the panel's height with an empty garage (a first visit), measured at
            360, 800 and 1280 px, so nothing below jumps when it arrives. */}
        <SectionErrorBoundary fallback={<p className="text-slate-600">{fitmentTexts.pickerFailed}</p>}>
          <Suspense
            fallback={
              <div className="min-h-[25rem] sm:min-h-[13.5rem] lg:min-h-[9.75rem]" aria-hidden="true" />
            }
          >
            <FindPartsPanel labelledBy={headingId} />
          </Suspense>
        </SectionErrorBoundary>
      </div>
    </section>
  );
}

interface HomeSectionProps {
  title: string;
  lead: string;
  children: ReactNode;
  tinted?: boolean;
}

function HomeSection({ title, lead, children, tinted = false }: HomeSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={tinted ? 'bg-slate-50 py-14 sm:py-20' : 'py-14 sm:py-20'}>
      <div className={containerClass}>
        <div className="mb-8 flex max-w-2xl flex-col gap-2 sm:mb-10">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h2>
          <p className="text-lg text-slate-600">{lead}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

function CustomerReviews() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const loading = <Spinner label="Loading reviews" className="py-10" />;
  return (
    <div ref={ref} className="min-h-40">
      {near ? (
        <SectionErrorBoundary fallback={<p className="text-slate-600">Reviews cannot be shown right now.</p>}>
          <Suspense fallback={loading}>
            <RecentReviews />
          </Suspense>
        </SectionErrorBoundary>
      ) : (
        loading
      )}
    </div>
  );
}

export function HomeRoute() {
  const vehicle = useActiveVehicle();
  useDocumentMeta(
    undefined,
    'Genuine motorcycle and vehicle parts from Yamaha, Suzuki, TVS, Bajaj, Hero and Honda, delivered within one business day with no extra shipping charges.',
  );

  return (
    <>
      <h1 className="sr-only">Pitstop Parts: genuine motorcycle and vehicle parts</h1>
      <div className={`${containerClass} pt-6 sm:pt-8`}>
        <HeroCarousel />
      </div>
      <FindParts />
      <HomeSection
        title="Shop by brand"
        lead="Parts for the motorcycles America rides, from six trusted makers."
      >
        <BrandGrid />
      </HomeSection>
      <HomeSection
        title="Parts"
        lead="Fresh in the catalogue: genuine, tested parts ready to ship today."
        tinted
      >
        <FeaturedParts vehicle={vehicle} renderPartAction={(part) => <AddToCartButton part={part} />} />
      </HomeSection>
      <HomeSection title="What we do" lead="From choosing the right part to the doorstep, in three steps.">
        <WhatWeDo />
      </HomeSection>
      <HomeSection title="Business Summary" lead="Riders and fleets trust us every day." tinted>
        <BusinessSummary />
      </HomeSection>
      <HomeSection title="Customer reviews" lead="What riders say about the parts they bought from us.">
        <CustomerReviews />
      </HomeSection>
    </>
  );
}
