import { Link } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const PROMISES = [
  {
    title: 'Delivered within one business day',
    text: 'Order today and your parts leave our warehouse within 24 hours, with no extra shipping charges.',
  },
  {
    title: 'Discounted prices',
    text: 'We buy in volume from the makers and pass the savings on, so you pay less than at the dealer counter.',
  },
  {
    title: 'The right part, first time',
    text: 'Select parts by brand, make, part, year and model. Every listing has pictures and specifications.',
  },
  {
    title: 'Single-click online ordering',
    text: 'Order in one click, and fleets and small vendors can submit a credit application online.',
  },
  {
    title: 'Sold in 48 states',
    text: 'We ship to every one of the 48 contiguous states, and our support team answers 24*7.',
  },
  {
    title: 'Genuine, tested, top quality',
    text: 'Every part we sell is genuine, tested before it ships and of top quality, or we make it right.',
  },
] as const;

const PART_TYPES = ['Brake pads', 'Headlights', 'Shock absorbers', 'Wheels'] as const;

export function AboutRoute() {
  useDocumentMeta(
    'About',
    'Pitstop Parts serves customers across the United States with genuine, tested vehicle and motorcycle parts, delivered within one business day.',
  );

  return (
    <PageContainer>
      <div className="grid gap-12 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-5">
          <p className="text-sm font-semibold uppercase tracking-wide text-red-700">Our story</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">About</h1>
          <p className="text-lg leading-relaxed text-slate-700">
            Pitstop Parts is an online shop for vehicle parts, with a focus on motorcycles. We serve customers
            across the United States: everyday riders, fleets and small vendors who need the right part
            quickly and at a fair price.
          </p>
          <p className="leading-relaxed text-slate-700">
            Every order is delivered within one business day (24 hours) with no extra shipping charges, and
            our prices are discounted against the dealer counter. You select parts by brand, make, part, year
            and model, and every part comes with pictures and specifications so you can be sure it fits before
            you buy. Ordering online takes a single click, and businesses can submit a credit application.
          </p>
          <p className="leading-relaxed text-slate-700">
            We stock brake pads, headlights, shock absorbers, wheels and much more, and sell in 48 states. Our
            support team is here 24*7, and every part we sell is genuine, tested and of top quality.
          </p>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <Link
              to="/parts"
              className="font-semibold text-red-700 underline decoration-2 underline-offset-4 hover:text-red-800"
            >
              Browse the catalogue
            </Link>
            <Link
              to="/credit"
              className="font-semibold text-red-700 underline decoration-2 underline-offset-4 hover:text-red-800"
            >
              Apply for credit
            </Link>
          </div>
        </div>
        <aside aria-labelledby="about-part-types" className="rounded-2xl bg-slate-900 p-8 text-slate-200">
          <h2 id="about-part-types" className="text-xl font-bold text-white">
            Parts we carry
          </h2>
          <ul className="mt-4 flex flex-col gap-3">
            {PART_TYPES.map((type) => (
              <li key={type} className="flex items-center gap-3">
                <span className="size-2 rounded-full bg-red-500" aria-hidden="true" />
                {type}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm leading-relaxed text-slate-300">
            For Yamaha, Suzuki, TVS, Bajaj, Hero and Honda motorcycles, with new parts added every week.
          </p>
        </aside>
      </div>

      <section aria-labelledby="about-promises" className="mt-16">
        <h2 id="about-promises" className="mb-8 text-2xl font-bold tracking-tight text-slate-900">
          What we promise
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {PROMISES.map((promise) => (
            <li key={promise.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">{promise.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{promise.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </PageContainer>
  );
}
