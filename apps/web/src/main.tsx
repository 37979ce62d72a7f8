import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { startHydration } from './hooks/use-hydrated';
import { preloadModules } from './lib/lazy-module';
import { readSsrState } from './lib/ssr-state';
import './index.css';

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

// A server-rendered page is hydrated once the code of the screens it shows has arrived (the page
// preloads it), in one pass; until then the server's markup stands, links and forms working.
if (initialState) {
  void preloadModules(initialState.modules ?? []).then(() => {
    startHydration();
    hydrateRoot(container, app);
  });
} else createRoot(container).render(app);
