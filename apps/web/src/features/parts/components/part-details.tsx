import { useId, type ReactNode } from 'react';
import { CATEGORY_LABELS, type Category } from '@pitstop/core/catalogue';
import type { Vehicle } from '@pitstop/core/fitment';
import { hasMinimum, minimumsTexts } from '@pitstop/core/minimums-texts';
import { formatDollars } from '@pitstop/core/money';
import { WasPrice } from '@/features/price-lists/was-price';
import type { Part } from '@pitstop/core/parts';
import { fitmentTexts } from '@pitstop/core/vehicle-fit';
import { StockWords } from '@/components/ui/stock-words';
import { usePreloadImage } from '@/lib/render-context';
import { imageSources } from '@/lib/responsive-image';
import { FitBadge } from './fit-badge';
import { FitmentTable } from './fitment-table';
import { PartRating } from './part-rating';

function categoryLabel(category: string): string {
  return category in CATEGORY_LABELS ? CATEGORY_LABELS[category as Category] : category;
}

const tableClass = 'w-full border-collapse text-left text-sm';
const cellClass = 'border-b border-slate-200 px-4 py-3 align-top';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{term}</dt>
      <dd className="text-base font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

interface PartDetailsProps {
  part: Part;
  /** Shown under the buying facts, e.g. the order form the screen composes in. */
  children?: ReactNode;
  /** Shown after the specifications and fitment: the part's other numbers (the screen loads them). */
  numbers?: ReactNode;
  /** The rider's bike: the page then says whether the part fits it. */
  vehicle?: Vehicle | null;
  /**
   * An admin is looking: the stock's exact count beside its words. Never on the server's render,
   * which is every visitor's page.
   */
  showStockCount?: boolean;
}

/** Everything about one part: picture, buying facts, description, specifications and fitment. */
export function PartDetails({
  part,
  children,
  numbers,
  vehicle = null,
  showStockCount = false,
}: PartDetailsProps) {
  const id = useId();
  const specsHeading = `${id}-specs`;
  const fitmentHeading = `${id}-fitment`;
  const sources = imageSources(part.img, 'detail');
  usePreloadImage(sources);

  return (
    <article className="flex flex-col gap-12">
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        {/* The page's largest paint: fetched first (the server preloads the same sources). */}
        <img
          {...sources}
          alt={part.name}
          fetchPriority="high"
          className="aspect-[4/3] w-full rounded-2xl border border-slate-200 bg-slate-100 object-cover"
        />
        <div className="flex flex-col gap-5">
          <p className="text-sm font-semibold uppercase tracking-wide text-red-700">
            {part.brand} · {categoryLabel(part.category)}
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {part.name}
          </h1>
          <p className="text-slate-600">
            Sold by <span className="font-medium text-slate-900">{part.seller}</span>
          </p>
          {vehicle ? <FitBadge part={part} vehicle={vehicle} className="self-start text-base" /> : null}
          <PartRating part={part} />
          <p className="text-4xl font-bold tracking-tight text-slate-900">
            {formatDollars(part.price)} <WasPrice part={part} className="text-2xl" />
            <span className="ml-2 text-base font-normal text-slate-600">per unit</span>
          </p>
          {hasMinimum(part) ? (
            <p className="-mt-3 font-semibold text-slate-800">
              {minimumsTexts.minimumOrder(part.minquantity)}
            </p>
          ) : null}
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Fact term={minimumsTexts.availability}>
              <StockWords part={part} showCount={showStockCount} className="text-base" />
            </Fact>
            <Fact term="Part number">{part.partNumber}</Fact>
          </dl>
          <p className="leading-relaxed text-slate-700">{part.description}</p>
          {children}
        </div>
      </div>

      <div className="grid gap-10 lg:grid-cols-2">
        <section aria-labelledby={specsHeading} className="flex flex-col gap-4">
          <h2 id={specsHeading} className="text-2xl font-bold text-slate-900">
            Specifications
          </h2>
          {part.specifications.length > 0 ? (
            <div className="overflow-x-auto rounded-xl border border-slate-200">
              <table className={tableClass} aria-labelledby={specsHeading}>
                <tbody>
                  {part.specifications.map((spec) => (
                    <tr key={spec.key} className="last:[&>*]:border-b-0">
                      <th
                        scope="row"
                        className={`${cellClass} w-2/5 bg-slate-50 font-semibold text-slate-700`}
                      >
                        {spec.key}
                      </th>
                      <td className={`${cellClass} text-slate-900`}>{spec.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-slate-600">No specifications are listed for this part.</p>
          )}
        </section>

        <section aria-labelledby={fitmentHeading} className="flex flex-col gap-4">
          <h2 id={fitmentHeading} className="text-2xl font-bold text-slate-900">
            {fitmentTexts.fitmentHeading}
          </h2>
          <FitmentTable part={part} labelledBy={fitmentHeading} />
        </section>
      </div>
      {numbers}
    </article>
  );
}
