import { startTransition, StrictMode, type ErrorInfo } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { preloadModules } from './lib/lazy-module';
import { readSsrState } from './lib/ssr-state';
import { getAccessToken } from './lib/session';
import { askPricesAgain } from './features/price-lists/ssr-prices';

/**
 * Errors React recovers from (a hydration mismatch, which makes it throw the server's markup
 * away and render that part afresh) and errors no boundary caught are written to the console,
 * loudly: the browser tests fail on any of them (e2e/fixtures.ts).
 */
function reportTo(kind: string) {
  return (error: unknown, info: ErrorInfo) => {
    console.error(`React ${kind}:`, error, info.componentStack ?? '');
  };
}

const rootOptions: RootOptions = {
  onRecoverableError: reportTo('recoverable error'),
  onUncaughtError: reportTo('uncaught error'),
  onCaughtError: reportTo('caught error'),
};

/** Renders the app, or brings a server-rendered page alive; main.tsx calls it when the time has come. */
export function startApp(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain <div id="root">');

  // Public pages arrive rendered, with the answers they were rendered from; signed-in screens
  // arrive as the empty shell and are rendered here.
  const initialState = readSsrState(document);
  // Signed in: the page's prices are a visitor's; theirs may be a price list's (issue #30).
  if (initialState && getAccessToken()) askPricesAgain(initialState);
  const app = (
    <StrictMode>
      <AppProvider initialState={initialState}>
        <AppRouter />
      </AppProvider>
    </StrictMode>
  );

  if (!initialState) {
    createRoot(container, rootOptions).render(app);
    return;
  }
  // The screens the page shows are loaded first, so none suspends while it is hydrated. As a
  // transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page; the Suspense boundaries of the layout (header, screen,
  // footer) hydrate on their own, the one the visitor touches first.
  void preloadModules(initialState.modules ?? []).then(() => {
    startTransition(() => {
      hydrateRoot(container, app, rootOptions);
    });
  });
}
