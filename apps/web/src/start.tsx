// First: Preact's options (joined text children, effects' timing) apply to everything below.
import './lib/preact-options';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { aTaskLater, hydrateInSteps } from './lib/hydrate-later';
import { preloadModules } from './lib/lazy-module';
import { readSsrState } from './lib/ssr-state';

/** Renders the app, or brings a server-rendered page alive; main.tsx calls it when the time has come. */
export function startApp(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain <div id="root">');

  // Public pages arrive rendered, with the answers they were rendered from; signed-in screens
  // arrive as the empty shell and are rendered here.
  const initialState = readSsrState(document);
  const app = (
    <StrictMode>
      <AppProvider initialState={initialState}>
        <AppRouter />
      </AppProvider>
    </StrictMode>
  );

  // A server-rendered page is hydrated once the code of the screens it shows has arrived, in
  // steps (lib/hydrate-later.tsx); until then the server's markup stands, links and forms
  // working. Loading the screens' code and the first step of hydration each take a task of
  // their own: together they held a phone's main thread too long.
  if (initialState) {
    void preloadModules(initialState.modules ?? [])
      .then(aTaskLater)
      .then(() => hydrateInSteps(() => hydrateRoot(container, app)));
  } else createRoot(container).render(app);
}
