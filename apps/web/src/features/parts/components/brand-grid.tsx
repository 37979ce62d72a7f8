import { Link } from 'react-router';
import { BRANDS } from '@pitstop/core/catalogue';
import { imageSources } from '@/lib/responsive-image';

export function brandLogoPath(brand: string): string {
  return `/images/brands/${brand.toLowerCase()}.svg`;
}

export function brandPartsPath(brand: string): string {
  return `/parts?${new URLSearchParams({ brand }).toString()}`;
}

/** One card per brand the shop carries, each opening the catalogue filtered to that brand. */
export function BrandGrid() {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
      {BRANDS.map((brand) => (
        <li key={brand}>
          <Link
            to={brandPartsPath(brand)}
            aria-label={`${brand} parts`}
            className="group flex h-full flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-red-300 hover:shadow-md"
          >
            <img
              {...imageSources(brandLogoPath(brand), 'brand')}
              alt=""
              loading="lazy"
              decoding="async"
              className="h-16 w-full object-contain"
            />
            <span className="font-semibold text-slate-900 group-hover:text-red-700">{brand}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
