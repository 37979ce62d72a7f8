import { Link } from 'react-router';
import type { Vehicle } from '@pitstop/core/fitment';
import type { Part } from '@pitstop/core/parts';
import { fitmentTexts, fitStatus, POSITION_LABELS, vehiclePartsPath } from '@pitstop/core/vehicle-fit';

interface FitBadgeProps {
  part: Pick<Part, 'universal' | 'fitment' | 'category'>;
  vehicle: Vehicle;
  className?: string;
}

const base = 'inline-flex max-w-full items-start gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium';

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor" aria-hidden="true">
      <path fillRule="evenodd" clipRule="evenodd" d={path} />
    </svg>
  );
}

const CHECK =
  'M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z';
const WARNING =
  'M8.3 2.9a2 2 0 0 1 3.4 0l6.2 11.1A2 2 0 0 1 16.2 17H3.8a2 2 0 0 1-1.7-3l6.2-11.1ZM10 7a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z';
const GLOBE =
  'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM4.1 9h2.4c.1-1.8.5-3.4 1.1-4.6A6 6 0 0 0 4.1 9Zm5.9-5c-.5.6-1.3 2.3-1.5 5h3c-.2-2.7-1-4.4-1.5-5Zm1.5 7h-3c.2 2.7 1 4.4 1.5 5 .5-.6 1.3-2.3 1.5-5Zm1-2h2.4a6 6 0 0 0-3.5-4.6c.6 1.2 1 2.8 1.1 4.6Zm2.4 2h-2.4c-.1 1.8-.5 3.4-1.1 4.6a6 6 0 0 0 3.5-4.6Zm-8.3 0H4.1a6 6 0 0 0 3.5 4.6c-.6-1.2-1-2.8-1.1-4.6Z';

/**
 * Whether a part fits the rider's bike, from the part's own fitment rows (no request per card):
 * "Fits your 2019 Yamaha YZF-R15 V3 · Front", "Does not fit your … — see parts that fit", or
 * "Universal".
 */
export function FitBadge({ part, vehicle, className = '' }: FitBadgeProps) {
  const status = fitStatus(part, vehicle);

  if (status.kind === 'fits') {
    const positions = status.positions.map((p) => POSITION_LABELS[p]);
    return (
      <p className={`${base} bg-green-50 text-green-900 ring-1 ring-green-200 ${className}`}>
        <Icon path={CHECK} />
        <span>
          {fitmentTexts.fits(vehicle)}
          {positions.length > 0 ? (
            <span className="font-normal"> · {fitmentTexts.positions(positions)}</span>
          ) : null}
        </span>
      </p>
    );
  }

  if (status.kind === 'universal') {
    return (
      <p className={`${base} bg-slate-100 text-slate-800 ring-1 ring-slate-200 ${className}`}>
        <Icon path={GLOBE} />
        <span>{fitmentTexts.universal}</span>
      </p>
    );
  }

  return (
    <p className={`${base} bg-amber-50 text-amber-950 ring-1 ring-amber-300 ${className}`}>
      <Icon path={WARNING} />
      <span>
        {fitmentTexts.doesNotFit(vehicle)} —{' '}
        <Link
          to={vehiclePartsPath(vehicle, { category: part.category })}
          className="font-semibold underline underline-offset-2 hover:text-amber-800"
        >
          {fitmentTexts.seeFitting}
        </Link>
      </span>
    </p>
  );
}
