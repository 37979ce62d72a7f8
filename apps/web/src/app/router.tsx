import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { RootLayout, type RenderHeaderSearch } from '@/components/layout/root-layout';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { useUnauthorizedRedirect } from '@/hooks/use-unauthorized-redirect';
import { useStoredCartLines } from '@/lib/cart';
import { useIsSignedIn } from '@/lib/session';
import { lazyModule } from '@/lib/lazy-module';
import { HeaderSearch } from './header-search';

/*
 * Declarative routing on purpose: the data router (createBrowserRouter) adds ~20 KB gzip to the
 * first load, more than the whole home screen, and no screen here needs loaders or actions.
 * Each screen is its own lazily loaded chunk; React Router wraps navigations in startTransition,
 * so the current screen stays up, with a bar saying the next is on its way (useModulesLoading),
 * until the next one's code has arrived. The guards are small and
 * free of zod, so they stay in the first load; the forms (react-hook-form, zod) load with their
 * screens.
 */
const HomeRoute = lazyModule('src/app/routes/home.tsx', () =>
  import('./routes/home').then((m) => m.HomeRoute),
);
const PartsRoute = lazyModule('src/app/routes/parts.tsx', () =>
  import('./routes/parts').then((m) => m.PartsRoute),
);
const PartDetailRoute = lazyModule('src/app/routes/part-detail.tsx', () =>
  import('./routes/part-detail').then((m) => m.PartDetailRoute),
);
const DiagramsRoute = lazyModule('src/app/routes/diagrams.tsx', () =>
  import('./routes/diagrams').then((m) => m.DiagramsRoute),
);
const AboutRoute = lazyModule('src/app/routes/about.tsx', () =>
  import('./routes/about').then((m) => m.AboutRoute),
);
const ReturnsRoute = lazyModule('src/app/routes/returns.tsx', () =>
  import('./routes/returns').then((m) => m.ReturnsRoute),
);
const BlogRoute = lazyModule('src/app/routes/blog.tsx', () =>
  import('./routes/blog').then((m) => m.BlogRoute),
);
const PortfolioRoute = lazyModule('src/app/routes/portfolio.tsx', () =>
  import('./routes/portfolio').then((m) => m.PortfolioRoute),
);
const LoginRoute = lazyModule('src/app/routes/login.tsx', () =>
  import('./routes/login').then((m) => m.LoginRoute),
);
const RegisterRoute = lazyModule('src/app/routes/register.tsx', () =>
  import('./routes/register').then((m) => m.RegisterRoute),
);
const ResetPasswordRoute = lazyModule('src/app/routes/reset-password.tsx', () =>
  import('./routes/reset-password').then((m) => m.ResetPasswordRoute),
);
const AuthCallbackRoute = lazyModule('src/app/routes/auth-callback.tsx', () =>
  import('./routes/auth-callback').then((m) => m.AuthCallbackRoute),
);
const ProfileRoute = lazyModule('src/app/routes/profile.tsx', () =>
  import('./routes/profile').then((m) => m.ProfileRoute),
);
const OrderRoute = lazyModule('src/app/routes/order.tsx', () =>
  import('./routes/order').then((m) => m.OrderRoute),
);
const OrderDetailRoute = lazyModule('src/app/routes/order-detail.tsx', () =>
  import('./routes/order-detail').then((m) => m.OrderDetailRoute),
);
const AdminOrderRoute = lazyModule('src/app/routes/admin-order.tsx', () =>
  import('./routes/admin-order').then((m) => m.AdminOrderRoute),
);
const PaymentRoute = lazyModule('src/app/routes/payment.tsx', () =>
  import('./routes/payment').then((m) => m.PaymentRoute),
);
const AddReviewRoute = lazyModule('src/app/routes/add-review.tsx', () =>
  import('./routes/add-review').then((m) => m.AddReviewRoute),
);
const DashboardRoute = lazyModule('src/app/routes/dashboard.tsx', () =>
  import('./routes/dashboard').then((m) => m.DashboardRoute),
);
const DashboardHomeRoute = lazyModule('src/app/routes/dashboard-home.tsx', () =>
  import('./routes/dashboard-home').then((m) => m.DashboardHomeRoute),
);
const AllOrdersRoute = lazyModule('src/app/routes/all-orders.tsx', () =>
  import('./routes/all-orders').then((m) => m.AllOrdersRoute),
);
const AllUsersRoute = lazyModule('src/app/routes/all-users.tsx', () =>
  import('./routes/all-users').then((m) => m.AllUsersRoute),
);
const AddUserRoute = lazyModule('src/app/routes/add-user.tsx', () =>
  import('./routes/add-user').then((m) => m.AddUserRoute),
);
const CatalogueRoute = lazyModule('src/app/routes/catalogue.tsx', () =>
  import('./routes/catalogue').then((m) => m.CatalogueRoute),
);
const NewPartRoute = lazyModule('src/app/routes/part-editor.tsx', () =>
  import('./routes/part-editor').then((m) => m.NewPartRoute),
);
const EditPartRoute = lazyModule('src/app/routes/part-editor.tsx', () =>
  import('./routes/part-editor').then((m) => m.EditPartRoute),
);
const BrandsRoute = lazyModule('src/app/routes/brands.tsx', () =>
  import('./routes/brands').then((m) => m.BrandsRoute),
);
const CreditRoute = lazyModule('src/app/routes/credit.tsx', () =>
  import('./routes/credit').then((m) => m.CreditRoute),
);
const ReturnsQueueRoute = lazyModule('src/app/routes/returns-queue.tsx', () =>
  import('./routes/returns-queue').then((m) => m.ReturnsQueueRoute),
);
const ActivityRoute = lazyModule('src/app/routes/activity.tsx', () =>
  import('./routes/activity').then((m) => m.ActivityRoute),
);
const PromotionsRoute = lazyModule('src/app/routes/promotions.tsx', () =>
  import('./routes/promotions').then((m) => m.PromotionsRoute),
);
const SettingsRoute = lazyModule('src/app/routes/settings.tsx', () =>
  import('./routes/settings').then((m) => m.SettingsRoute),
);
const CreditApplicationsRoute = lazyModule('src/app/routes/credit-applications.tsx', () =>
  import('./routes/credit-applications').then((m) => m.CreditApplicationsRoute),
);
const CartRoute = lazyModule('src/app/routes/cart.tsx', () =>
  import('./routes/cart').then((m) => m.CartRoute),
);
const CheckoutRoute = lazyModule('src/app/routes/checkout.tsx', () =>
  import('./routes/checkout').then((m) => m.CheckoutRoute),
);
const CompanyApprovalsRoute = lazyModule('src/app/routes/company-approvals.tsx', () =>
  import('./routes/company-approvals').then((m) => m.CompanyApprovalsRoute),
);
const CompanyRoute = lazyModule('src/app/routes/company.tsx', () =>
  import('./routes/company').then((m) => m.CompanyRoute),
);
const CompanyJoinRoute = lazyModule('src/app/routes/company-join.tsx', () =>
  import('./routes/company-join').then((m) => m.CompanyJoinRoute),
);
const CompaniesAdminRoute = lazyModule('src/app/routes/companies-admin.tsx', () =>
  import('./routes/companies-admin').then((m) => m.CompaniesAdminRoute),
);
const QuickOrderRoute = lazyModule('src/app/routes/quick-order.tsx', () =>
  import('./routes/quick-order').then((m) => m.QuickOrderRoute),
);
const InvoicesAdminRoute = lazyModule('src/app/routes/invoices-admin.tsx', () =>
  import('./routes/invoices-admin').then((m) => m.InvoicesAdminRoute),
);
const CompanyStatementsRoute = lazyModule('src/app/routes/company-statements.tsx', () =>
  import('./routes/company-statements').then((m) => m.CompanyStatementsRoute),
);
// Loaded only once a visitor who filled a cart in this browser has signed in (features/cart).
const CartMerge = lazyModule('src/features/cart/components/cart-merge.tsx', () =>
  import('@/features/cart/components/cart-merge').then((m) => m.CartMerge),
);
const PriceListsRoute = lazyModule('src/app/routes/price-lists.tsx', () =>
  import('./routes/price-lists').then((m) => m.PriceListsRoute),
);
const SalesRoute = lazyModule('src/app/routes/price-lists.tsx', () =>
  import('./routes/price-lists').then((m) => m.SalesRoute),
);
const CompanyTaxExemptionRoute = lazyModule('src/app/routes/tax-exemption.tsx', () =>
  import('./routes/tax-exemption').then((m) => m.CompanyTaxExemptionRoute),
);
const TaxExemptionsRoute = lazyModule('src/app/routes/tax-exemption.tsx', () =>
  import('./routes/tax-exemption').then((m) => m.TaxExemptionsRoute),
);
const NotFoundRoute = lazyModule('src/app/routes/not-found.tsx', () =>
  import('./routes/not-found').then((m) => m.NotFoundRoute),
);

/** Every page's header search: rendered with the header, on the server too. */
const renderHeaderSearch: RenderHeaderSearch = (slot) => <HeaderSearch {...slot} />;

/**
 * Screens the server does not render: they belong to a signed-in user (whose token lives in the
 * browser) or finish a sign-in. They are sent as the empty shell and rendered in the browser.
 */
export const CLIENT_ONLY_PATHS = [
  '/login',
  '/register',
  '/reset-password',
  '/auth/callback',
  '/payment/:id',
  '/order',
  '/order/:number',
  '/profile',
  '/addreview',
  '/dashboard/*',
  // A visitor's cart lives in the browser.
  '/cart',
  '/checkout',
  '/credit',
  '/company',
  '/company/join/:token',
  '/company/approvals',
  '/company/statements',
  '/quick-order',
  '/company/tax-exemption',
] as const;

export function AppRoutes() {
  // Any 401 from the API ends the session and lands on /login.
  useUnauthorizedRedirect();
  // Signed in with lines still in this browser's cart: they move to the account's cart, on
  // whichever screen sign-in lands. Both read false on the server and while hydrating.
  const signedIn = useIsSignedIn();
  const localCart = useStoredCartLines();
  const mergeCart = signedIn && localCart.length > 0;

  return (
    <>
      {mergeCart ? (
        <Suspense fallback={null}>
          <CartMerge />
        </Suspense>
      ) : null}
      {/* On a server-rendered page the routes are matched and the layout brought alive in a
        turn after the providers and the history are made, and the screen (in <main>) in a turn
        after that: together they were the longest step of hydration (decision 023). */}
      <Routes>
        <Route element={<RootLayout renderSearch={renderHeaderSearch} />}>
          <Route index element={<HomeRoute />} />
          <Route path="parts" element={<PartsRoute />} />
          <Route path="about" element={<AboutRoute />} />
          <Route path="returns" element={<ReturnsRoute />} />
          <Route path="blog" element={<BlogRoute />} />
          <Route path="portfolio" element={<PortfolioRoute />} />
          <Route path="cart" element={<CartRoute />} />
          <Route path="login" element={<LoginRoute />} />
          <Route path="register" element={<RegisterRoute />} />
          <Route path="reset-password" element={<ResetPasswordRoute />} />
          <Route path="auth/callback" element={<AuthCallbackRoute />} />
          {/* An invitation's link: open to anyone holding it; accepting asks for sign-in. */}
          <Route path="company/join/:token" element={<CompanyJoinRoute />} />

          {/* Public, so search engines and link previews see the part; ordering asks for sign-in
            (docs/decisions/009-server-rendering.md). */}
          <Route path="parts/:id" element={<PartDetailRoute />} />
          {/* Shop by diagram: a bike's assemblies, or one (:slug), public and server-rendered. */}
          <Route path="diagrams/:make/:model/:year/:slug?" element={<DiagramsRoute />} />

          {/* Signed-in screens (spec §2). /profile is guarded too: DESIGN §6.6. */}
          <Route element={<RequireAuth />}>
            <Route path="checkout" element={<CheckoutRoute />} />
            <Route path="credit" element={<CreditRoute />} />
            <Route path="company" element={<CompanyRoute />} />
            <Route path="company/approvals" element={<CompanyApprovalsRoute />} />
            <Route path="company/statements" element={<CompanyStatementsRoute />} />
            <Route path="quick-order" element={<QuickOrderRoute />} />
            <Route path="payment/:id" element={<PaymentRoute />} />
            <Route path="order" element={<OrderRoute />} />
            <Route path="order/:number" element={<OrderDetailRoute />} />
            <Route path="company/tax-exemption" element={<CompanyTaxExemptionRoute />} />
            <Route path="profile" element={<ProfileRoute />} />
            <Route path="addreview" element={<AddReviewRoute />} />
            <Route path="dashboard" element={<DashboardRoute />}>
              <Route index element={<DashboardHomeRoute />} />
              {/* Admin screens: admin-only on the server and here (DESIGN §6.2). */}
              <Route element={<RequireAdmin />}>
                <Route path="allorders" element={<AllOrdersRoute />} />
                <Route path="orders/:number" element={<AdminOrderRoute />} />
                <Route path="alluser" element={<AllUsersRoute />} />
                <Route path="adduser" element={<AddUserRoute />} />
                <Route path="parts" element={<CatalogueRoute />} />
                <Route path="parts/new" element={<NewPartRoute />} />
                <Route path="parts/:id/edit" element={<EditPartRoute />} />
                <Route path="brands" element={<BrandsRoute />} />
                <Route path="diagrams/*" element={<DiagramsRoute admin />} />
                <Route path="credit" element={<CreditApplicationsRoute />} />
                <Route path="companies" element={<CompaniesAdminRoute />} />
                <Route path="invoices" element={<InvoicesAdminRoute />} />
                <Route path="returns" element={<ReturnsQueueRoute />} />
                <Route path="activity" element={<ActivityRoute />} />
                <Route path="promotions" element={<PromotionsRoute />} />
                <Route path="price-lists" element={<PriceListsRoute />} />
                <Route path="sales" element={<SalesRoute />} />
                <Route path="tax-exemptions" element={<TaxExemptionsRoute />} />
                <Route path="settings" element={<SettingsRoute />} />
              </Route>
            </Route>
          </Route>

          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
