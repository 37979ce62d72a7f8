import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { whenPageSettled } from '@/hooks/use-browser-state';
import { aTaskLater, HydrateLater } from '@/lib/hydrate-later';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { PageLoading } from './page-loading';
import { RouteErrorBoundary } from './route-error';

export const MAIN_ID = 'main-content';

/** Header, skip link, main landmark and footer around whatever screen is showing. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only rounded-lg bg-white px-4 py-3 font-semibold text-slate-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <HydrateLater>
        <Navbar />
      </HydrateLater>
      {/* min-h keeps the footer below the fold while a screen loads, so nothing jumps into view. */}
      <HydrateLater>
        <main id={MAIN_ID} tabIndex={-1} className="min-h-[calc(100svh-4.5rem)] flex-1 outline-none">
          {children}
        </main>
      </HydrateLater>
      <HydrateLater>
        <Footer />
      </HydrateLater>
    </div>
  );
}

/**
 * Marks the document once the screen inside the boundary has come alive (rendered in the
 * browser, or hydrated from the server's HTML, the parts hydrated later included):
 * `<html data-hydrated>`. Browser tests wait for it before acting as a settled visitor would;
 * the slow path has tests of its own.
 */
function HydrationMark() {
  useEffect(() => {
    void whenPageSettled()
      // The browser's state renders in the task after.
      .then(aTaskLater)
      .then(() => (document.documentElement.dataset.hydrated = 'true'));
  }, []);
  return null;
}

/** A new page starts at the top; a change of only the query string (filters) keeps the scroll. */
function useScrollToTopOnNavigate(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function RootLayout() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate(pathname);

  return (
    <AppShell>
      {/* Keyed by path so an error on one screen is forgotten when the visitor moves on. */}
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <HydrationMark />
        </Suspense>
      </RouteErrorBoundary>
    </AppShell>
  );
}
