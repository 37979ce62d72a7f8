import { Suspense, useEffect, useId, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useModulesLoading } from '@/lib/lazy-module';
import { Footer } from './footer';
import { Navbar, type HeaderSearchSlot } from './navbar';
import { PageLoading } from './page-loading';
import { RouteErrorBoundary } from './route-error';

export const MAIN_ID = 'main-content';

/** The header's search box, which the app composes from its features (layout imports none). */
export type RenderHeaderSearch = (slot: HeaderSearchSlot) => ReactNode;

/** Header, skip link, main landmark and footer around whatever screen is showing. */
export function AppShell({
  children,
  renderSearch,
}: {
  children: ReactNode;
  renderSearch?: RenderHeaderSearch | undefined;
}) {
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only rounded-lg bg-white px-4 py-3 font-semibold text-slate-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <LayoutSection>
        <Navbar renderSearch={renderSearch} />
      </LayoutSection>
      {/* min-h keeps the footer below the fold while a screen loads, so nothing jumps into view. */}
      <LayoutSection>
        <main id={MAIN_ID} tabIndex={-1} className="min-h-[calc(100svh-4.5rem)] flex-1 outline-none">
          {children}
        </main>
      </LayoutSection>
      <LayoutSection>
        <Footer />
      </LayoutSection>
    </div>
  );
}

// The layout's sections (header, screen, footer), each a Suspense boundary: React hydrates a
// server-rendered page's boundaries on their own, after the rest, the one the visitor touches
// first; none holds the main thread for the whole page.
const LAYOUT_SECTIONS = 3;
const sectionsAlive = new Set<string>();

/**
 * Marks the document once every section of the layout has come alive (rendered in the browser,
 * or hydrated from the server's HTML): `<html data-hydrated>`. Browser tests wait for it before
 * acting as a settled visitor would; the slow path has tests of its own.
 */
function SectionAlive() {
  const id = useId();
  useEffect(() => {
    sectionsAlive.add(id);
    if (sectionsAlive.size !== LAYOUT_SECTIONS) return;
    // The browser's own state (signed in, the cart, the garage) renders right after the effects
    // of a hydrated part; the mark waits for it.
    setTimeout(() => (document.documentElement.dataset.hydrated = 'true'));
  }, [id]);
  return null;
}

function LayoutSection({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      <SectionAlive />
    </Suspense>
  );
}

/** A new page starts at the top; a change of only the query string (filters) keeps the scroll. */
function useScrollToTopOnNavigate(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/**
 * While a navigation waits for the next screen, the current one stays on show (a transition) and
 * a bar at the top of the window says the shop is on its way; screen readers hear it once.
 */
function NavigationProgress() {
  const pending = useModulesLoading();
  if (!pending) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="navigation-progress fixed inset-x-0 top-0 z-50 h-1 bg-red-600"
    />
  );
}

export function RootLayout({ renderSearch }: { renderSearch?: RenderHeaderSearch }) {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate(pathname);

  return (
    <AppShell renderSearch={renderSearch}>
      <NavigationProgress />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </AppShell>
  );
}
