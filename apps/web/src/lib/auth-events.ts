/**
 * A tiny channel from the api-client (plain functions, no React) to the router: the API said 401,
 * so the session is gone. The router listens, drops cached data and goes to /login.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitUnauthorized(): void {
  for (const listener of [...listeners]) listener();
}
