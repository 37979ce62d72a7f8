import { settlePage, unsettlePage } from '@/hooks/use-browser-state';
import {
  createContext,
  Suspense,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

// True only while main.tsx's hydrateRoot() runs: the first, synchronous pass over a
// server-rendered page.
let firstPass = false;

/** Runs the page's first hydration pass; the boundaries below it come alive in later tasks. */
export function hydrateInSteps(hydrate: () => void): void {
  unsettlePage();
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
  // Then the browser's own state (signed in, the cart, the garage) replaces the server's.
  void afterLaterHydration().then(settlePage);
}

/** Resolves in a later task: what follows runs after the browser has had its turn. */
export function aTaskLater(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

// Each boundary resumes in a task of its own, in page order, so no task of hydration holds the
// main thread for long: a tap is answered between two of them.
let queue = Promise.resolve();
function nextTurn(): Promise<void> {
  queue = queue.then(aTaskLater);
  return queue;
}

/** Resolves once every part hydrated later has come alive (at once when none waits). */
export async function afterLaterHydration(): Promise<void> {
  for (;;) {
    const current = queue;
    await current;
    // The resumed parts render in the task after their turn, and may queue parts of their own.
    await aTaskLater();
    if (queue === current) return;
  }
}

interface Deferred {
  done: boolean;
  promise: Promise<void>;
}

// Inside a part that is being hydrated later, while it is: its own later parts wait for turns of
// their own. A ref, not a value, so that clearing it re-renders nothing.
const ResumingHydration = createContext<{ current: boolean }>({ current: false });

function Later({
  wait,
  insideRef,
  children,
}: {
  wait: Deferred | null;
  insideRef: { current: boolean };
  children: ReactNode;
}) {
  // Once this part has been hydrated, parts mounted in it later render at once.
  useLayoutEffect(() => {
    if (wait?.done) insideRef.current = false;
  });
  // Suspending while hydrating keeps the server's markup as it is until the retry.
  if (wait && !wait.done) throw wait.promise;
  return <ResumingHydration.Provider value={insideRef}>{children}</ResumingHydration.Provider>;
}

/**
 * A part of a server-rendered page that is hydrated after the rest, in a task of its own (the
 * server's markup stands meanwhile, links and forms working). Preact hydrates a page in one
 * synchronous pass, which on a phone blocked the main thread for 200 ms and more; split into
 * steps, each is short; a part inside one waits for a turn after it. Anywhere but the page's
 * hydration it renders its children at once.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const resuming = useContext(ResumingHydration);
  // The turn is kept here, outside the boundary: Preact mounts a suspended component afresh when
  // it retries, so state kept in Later itself would be lost, and a retried part would no longer
  // know that its own later parts must wait for turns of their own.
  const [wait] = useState<Deferred | null>(() => {
    if (!firstPass && !resuming.current) return null;
    const deferred: Deferred = { done: false, promise: nextTurn() };
    void deferred.promise.then(() => (deferred.done = true));
    return deferred;
  });
  const insideRef = useRef(wait !== null);
  return (
    <Suspense fallback={null}>
      <Later wait={wait} insideRef={insideRef}>
        {children}
      </Later>
    </Suspense>
  );
}
