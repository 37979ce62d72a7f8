import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { RootLayout } from '@/components/layout/root-layout';

/*
 * Declarative routing on purpose: the data router (createBrowserRouter) adds ~20 KB gzip to the
 * first load, more than the whole home screen, and no screen here needs loaders or actions.
 * Each screen is its own lazily loaded chunk; React Router wraps navigations in startTransition,
 * so the current screen stays up until the next one's code has arrived.
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
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path="parts" element={<PartsRoute />} />
        {/* Becomes a sign-in protected screen with the order form in a later issue. */}
        <Route path="parts/:id" element={<PartDetailRoute />} />
        <Route path="about" element={<AboutRoute />} />
        <Route path="blog" element={<BlogRoute />} />
        <Route path="portfolio" element={<PortfolioRoute />} />
        <Route path="login" element={<LoginRoute />} />
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
