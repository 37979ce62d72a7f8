import { Link } from 'react-router';
import { shopTexts } from '@pitstop/core/messages';
import { BrandMark } from './navbar';

const FOOTER_LINKS = [
  { to: '/parts', label: 'All parts' },
  { to: '/about', label: 'About us' },
  { to: '/returns', label: 'Returns' },
  { to: '/blog', label: 'Blog' },
  { to: '/portfolio', label: 'My Portfolio' },
] as const;

const linkClass = 'text-slate-300 underline-offset-4 hover:text-white hover:underline';

/** The static site footer: who we are, where to go, and the copyright line. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div className="flex flex-col gap-4">
          <p className="flex items-center gap-2.5 text-xl font-extrabold tracking-tight text-white">
            <BrandMark />
            {shopTexts.shopName}
          </p>
          <p className="max-w-md leading-relaxed">
            Genuine, tested motorcycle and vehicle parts for riders, fleets and small vendors across the
            United States. Delivered within one business day, with support 24*7.
          </p>
        </div>
        <nav aria-label="Footer">
          <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">Shop</p>
          <ul className="flex flex-col gap-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">Customer care</p>
          <ul className="flex flex-col gap-2">
            <li>Support 24*7</li>
            <li>Free shipping to 48 states</li>
            <li>Delivery within 24 hours</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-slate-400 sm:px-6 lg:px-8">
          © {year} {shopTexts.shopName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
