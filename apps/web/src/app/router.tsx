import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { RootLayout } from '@/components/layout/root-layout';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { useUnauthorizedRedirect } from '@/hooks/use-unauthorized-redirect';

/*
 * Declarative routing on purpose: the data router (createBrowserRouter) adds ~20 KB gzip to the
 * first load, more than the whole home screen, and no screen here needs loaders or actions.
 * Each screen is its own lazily loaded chunk; React Router wraps navigations in startTransition,
 * so the current screen stays up until the next one's code has arrived. The guards are small and
 * free of zod, so they stay in the first load; the forms (react-hook-form, zod) load with their
 * screens.
 */
const HomeRoute = lazy(() => import('./routes/home').then((m) => ({ default: m.HomeRoute })));
const PartsRoute = lazy(() => import('./routes/parts').then((m) => ({ default: m.PartsRoute })));
const PartDetailRoute = lazy(() =>
  import('./routes/part-detail').then((m) => ({ default: m.PartDetailRoute })),
);
const AboutRoute = lazy(() => import('./routes/about').then((m) => ({ default: m.AboutRoute })));
const BlogRoute = lazy(() => import('./routes/blog').then((m) => ({ default: m.BlogRoute })));
const PortfolioRoute = lazy(() => import('./routes/portfolio').then((m) => ({ default: m.PortfolioRoute })));
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const RegisterRoute = lazy(() => import('./routes/register').then((m) => ({ default: m.RegisterRoute })));
const ResetPasswordRoute = lazy(() =>
  import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })),
);
const AuthCallbackRoute = lazy(() =>
  import('./routes/auth-callback').then((m) => ({ default: m.AuthCallbackRoute })),
);
const ProfileRoute = lazy(() => import('./routes/profile').then((m) => ({ default: m.ProfileRoute })));
const OrderRoute = lazy(() => import('./routes/order').then((m) => ({ default: m.OrderRoute })));
const PaymentRoute = lazy(() => import('./routes/payment').then((m) => ({ default: m.PaymentRoute })));
const AddReviewRoute = lazy(() => import('./routes/add-review').then((m) => ({ default: m.AddReviewRoute })));
const DashboardRoute = lazy(() => import('./routes/dashboard').then((m) => ({ default: m.DashboardRoute })));
const DashboardHomeRoute = lazy(() =>
  import('./routes/dashboard-home').then((m) => ({ default: m.DashboardHomeRoute })),
);
const AllOrdersRoute = lazy(() => import('./routes/all-orders').then((m) => ({ default: m.AllOrdersRoute })));
const AllUsersRoute = lazy(() => import('./routes/all-users').then((m) => ({ default: m.AllUsersRoute })));
const AddUserRoute = lazy(() => import('./routes/add-user').then((m) => ({ default: m.AddUserRoute })));
const CatalogueRoute = lazy(() => import('./routes/catalogue').then((m) => ({ default: m.CatalogueRoute })));
const NewPartRoute = lazy(() => import('./routes/part-editor').then((m) => ({ default: m.NewPartRoute })));
const EditPartRoute = lazy(() => import('./routes/part-editor').then((m) => ({ default: m.EditPartRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));

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
  '/profile',
  '/addreview',
  '/dashboard/*',
] as const;

export function AppRoutes() {
  // Any 401 from the API ends the session and lands on /login.
  useUnauthorizedRedirect();

  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path="parts" element={<PartsRoute />} />
        <Route path="about" element={<AboutRoute />} />
        <Route path="blog" element={<BlogRoute />} />
        <Route path="portfolio" element={<PortfolioRoute />} />
        <Route path="login" element={<LoginRoute />} />
        <Route path="register" element={<RegisterRoute />} />
        <Route path="reset-password" element={<ResetPasswordRoute />} />
        <Route path="auth/callback" element={<AuthCallbackRoute />} />

        {/* Public, so search engines and link previews see the part; ordering asks for sign-in
            (docs/decisions/009-server-rendering.md). */}
        <Route path="parts/:id" element={<PartDetailRoute />} />

        {/* Signed-in screens (spec §2). /profile is guarded too: DESIGN §6.6. */}
        <Route element={<RequireAuth />}>
          <Route path="payment/:id" element={<PaymentRoute />} />
          <Route path="order" element={<OrderRoute />} />
          <Route path="profile" element={<ProfileRoute />} />
          <Route path="addreview" element={<AddReviewRoute />} />
          <Route path="dashboard" element={<DashboardRoute />}>
            <Route index element={<DashboardHomeRoute />} />
            {/* Admin screens: admin-only on the server and here (DESIGN §6.2). */}
            <Route element={<RequireAdmin />}>
              <Route path="allorders" element={<AllOrdersRoute />} />
              <Route path="alluser" element={<AllUsersRoute />} />
              <Route path="adduser" element={<AddUserRoute />} />
              <Route path="parts" element={<CatalogueRoute />} />
              <Route path="parts/new" element={<NewPartRoute />} />
              <Route path="parts/:id/edit" element={<EditPartRoute />} />
            </Route>
          </Route>
        </Route>

        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
