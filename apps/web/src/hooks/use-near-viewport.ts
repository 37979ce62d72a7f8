import { useEffect, useRef, useState } from 'react';

/**
 * Becomes true, once and for good, when the returned element comes within `rootMargin` of the
 * viewport: for content below the fold that should load only when someone scrolls towards it.
 * Without IntersectionObserver it is true at once.
 */
export function useNearViewport<T extends Element>(rootMargin = '0px 0px 400px 0px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
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
