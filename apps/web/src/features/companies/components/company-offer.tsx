import { Link } from 'react-router';
import { COMPANY_ROLE_NAMES, companyTexts } from '@pitstop/core/companies-texts';
import { useMyCompany } from '../api/companies-api';

const linkClass = 'font-semibold text-red-700 underline decoration-2 underline-offset-4 hover:text-red-800';

/**
 * The way to /company from the profile: the company and my role in it, or the offer to make one.
 * Nothing while it loads or if it cannot be read: it is an offer, not the page's content.
 */
export function CompanyOffer({ className = '' }: { className?: string }) {
  const mine = useMyCompany();
  if (!mine.data) return null;
  const company = mine.data.company;
  return (
    <section
      aria-label={companyTexts.pageTitle}
      className={`flex flex-col items-start gap-2 text-sm ${className}`}
    >
      <p className="text-slate-700">
        {company
          ? companyTexts.offerMember(company.name, COMPANY_ROLE_NAMES[company.role].toLowerCase())
          : companyTexts.offerNone}
      </p>
      <Link to="/company" className={linkClass}>
        {company ? companyTexts.offerOpen : companyTexts.createTitle}
      </Link>
    </section>
  );
}
