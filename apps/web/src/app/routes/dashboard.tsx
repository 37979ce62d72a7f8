import { activityTexts } from '@pitstop/core/activity-texts';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import { brandsTexts } from '@pitstop/core/brands-texts';
import { companyTexts } from '@pitstop/core/companies-texts';
import { deliveryTexts } from '@pitstop/core/delivery-texts';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { pricingTexts } from '@pitstop/core/pricing-texts';
import { invoiceTexts } from '@pitstop/core/invoices-texts';
import { DashboardLayout, type DashboardLink } from '@/components/layout/dashboard-layout';
import { useAdminCheck } from '@/features/auth/api/check-admin';
import { useCurrentUser } from '@/lib/current-user';
import { BRANDS_PATH } from '../dashboard-paths';

const EVERYONE: readonly DashboardLink[] = [{ to: '/dashboard', label: 'Dashboard', end: true }];
const ADMINS: readonly DashboardLink[] = [
  // Grouped as a shop runs: orders and money, customers and companies, the catalogue and its prices.
  { to: '/dashboard/allorders', label: 'All Orders', section: '/dashboard/orders/' },
  { to: '/dashboard/returns', label: 'Returns' },
  { to: '/dashboard/invoices', label: invoiceTexts.adminTitle },
  { to: '/dashboard/alluser', label: 'All User' },
  { to: '/dashboard/adduser', label: 'Add User' },
  { to: '/dashboard/companies', label: companyTexts.adminTitle },
  { to: '/dashboard/credit', label: 'Credit applications' },
  { to: '/dashboard/tax-exemptions', label: pricingTexts.taxAdminNav },
  { to: '/dashboard/parts', label: 'Catalogue' },
  { to: BRANDS_PATH, label: brandsTexts.navLink },
  { to: '/dashboard/diagrams', label: diagramTexts.adminHeading },
  { to: '/dashboard/price-lists', label: pricingTexts.priceListsNav },
  { to: '/dashboard/sales', label: pricingTexts.salesNav },
  { to: '/dashboard/promotions', label: promotionsTexts.navLink },
  { to: '/dashboard/activity', label: activityTexts.navLink },
  { to: '/dashboard/settings', label: deliveryTexts.settingsMenu },
];

/** /dashboard: the side menu (admin items only for admins, spec §2) around the sub-screens. */
export function DashboardRoute() {
  const user = useCurrentUser();
  const admin = useAdminCheck(user.data?.email);
  return <DashboardLayout links={admin.data?.admin ? [...EVERYONE, ...ADMINS] : EVERYONE} />;
}
