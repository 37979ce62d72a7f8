import { lazy, useContext, useSyncExternalStore, type ComponentType } from 'react';
import { RenderContextValue } from './render-context';

/** Loaders of the lazily loaded modules by source path, for preloadModules(). */
const loaders = new Map<string, () => Promise<unknown>>();

// How many modules a render is waiting for (a screen whose code has not arrived), for the bar
// a navigation shows meanwhile: the router's transition keeps the current screen on show.
let waiting = 0;
const listeners = new Set<() => void>();
function setWaiting(change: number) {
  waiting += change;
  for (const listener of listeners) listener();
}
function subscribeWaiting(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a render waits for a lazily loaded module's code (never on the server). */
export function useModulesLoading(): boolean {
  return useSyncExternalStore(
    subscribeWaiting,
    () => waiting > 0,
    () => false,
  );
}

/**
 * React.lazy that also tells the server which source module a page rendered, so the page's HTML
 * asks for that code at once (modulepreload) instead of after the entry script has run: the
 * page comes alive sooner, and a click on it is not lost to code still on its way. Once loaded
 * (see preloadModules) the screen renders at once, without suspending.
 *
 * @param source the module's path as Vite's manifest names it (`src/app/routes/home.tsx`)
 */
export function lazyModule<P extends object>(source: string, load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = async () => (loaded ??= await load());
  const Lazy = lazy(async () => {
    // Told after the render that asked for it: a store may not change during a render.
    queueMicrotask(() => setWaiting(1));
    try {
      return { default: await loadOnce() };
    } finally {
      queueMicrotask(() => setWaiting(-1));
    }
  });
  loaders.set(source, loadOnce);
  function LazyModule(props: P) {
    useContext(RenderContextValue)?.addModule(source);
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return LazyModule;
}

/** Loads the wanted modules and the lazy parts they declare, in rounds: a module's own lazy parts
 * are known only once the module has run. */
async function loadInRounds(wanted: (source: string) => boolean): Promise<void> {
  const loaded = new Set<string>();
  for (;;) {
    const next = [...loaders.keys()].filter((source) => !loaded.has(source) && wanted(source));
    if (next.length === 0) return;
    for (const source of next) loaded.add(source);
    await Promise.all(next.map((source) => loaders.get(source)?.()));
  }
}

/**
 * Loads the screens a server-rendered page showed before it is hydrated, so no screen suspends
 * while it is hydrated: one that did would come alive later, and its first render would no
 * longer be the server's.
 */
export function preloadModules(sources: readonly string[]): Promise<void> {
  const shown = new Set(sources);
  return loadInRounds((source) => shown.has(source));
}

/**
 * Loads every lazily loaded module (on the server, once): a page then renders each screen
 * directly, as the browser hydrates it, instead of through the lazy wrapper on a first request.
 */
export function preloadAllModules(): Promise<void> {
  return loadInRounds(() => true);
}
