import { SSR_STATE_ID } from './lib/ssr-state-id';
import './index.css';

// The entry decides when the app (start.tsx) runs.
//
// A page rendered on the server is on screen and working (links, forms) before any of it runs.
// Its app code (React DOM included, 127 KB gzip) is fetched once the page has been painted and
// has loaded, so that it does not compete with the stylesheet and the first view's pictures on a
// slow connection (fetched right after the first paint, it shared a phone's bandwidth with the
// part's photo and made the largest paint later), and the page is brought alive once the browser
// is idle: the hydration's work then no longer shares the processor with the page's own loading.
// Whatever the visitor does first (a tap, a key, focus) starts both at once.
//
// The signed-in screens arrive as an empty shell, as does a page opened in a background tab
// (which is neither painted nor idle until shown): their app starts at once.

const INTENT = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
// A page that somehow never reports its first paint is not left inert.
const PAINT_WAIT_LIMIT_MS = 3000;

// React DOM first, then the app, each evaluated in a task of its own: together they made one of
// the longest tasks of a page coming alive.
function loadApp() {
  return import('react-dom/client')
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('./start'));
}

function visitorTouched(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      for (const type of INTENT) removeEventListener(type, go, true);
      resolve();
    };
    for (const type of INTENT) addEventListener(type, go, { capture: true, passive: true });
  });
}

function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, PAINT_WAIT_LIMIT_MS);
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

function loaded(): Promise<void> {
  return new Promise((resolve) => {
    if (document.readyState === 'complete') resolve();
    else addEventListener('load', () => resolve(), { once: true });
  });
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

const serverRendered = document.getElementById(SSR_STATE_ID) !== null;
if (serverRendered && document.visibilityState === 'visible') {
  const touched = visitorTouched();
  const pageLoaded = firstPaint().then(loaded);
  const app = Promise.race([pageLoaded, touched]).then(loadApp);
  void Promise.all([app, Promise.race([pageLoaded.then(idle), touched])]).then(([started]) =>
    started.startApp(),
  );
} else {
  void loadApp().then((app) => app.startApp());
}
