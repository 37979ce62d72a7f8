import { useSyncExternalStore } from 'react';

/*
 * One clock for every promise on the page, ticking every 30 s while someone shows it. The server
 * and the browser's hydrating render read null (getServerSnapshot): the server's HTML carries no
 * time that the browser's first render would contradict; the time appears right after.
 */
const TICK_MS = 30_000;
let current: number | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    timer = setInterval(() => {
      current = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(timer);
    current = null;
  };
}

const getSnapshot = () => (current ??= Date.now());
const getServerSnapshot = () => null;

/** The current time (ms), or null on the server and while hydrating. */
export function useNow(): number | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
