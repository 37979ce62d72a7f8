import { useEffect, useRef, useState } from 'react';

/**
 * Becomes true, once and for good, when the returned element comes within `rootMargin` of the
 * viewport: for content below the fold that should load only when someone scrolls towards it.
 * Without IntersectionObserver it turns true right after the first render.
 */
export function useNearViewport<T extends Element>(rootMargin = '0px 0px 400px 0px') {
  const ref = useRef<T>(null);
  // False on the server and in the first browser render alike, so hydration matches.
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setNear(true));
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);

  return [ref, near] as const;
}
