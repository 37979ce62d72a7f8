import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
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

// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread for the whole page: the page answers input while it comes alive.
if (initialState) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else createRoot(container).render(app);
