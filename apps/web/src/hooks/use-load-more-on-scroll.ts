import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Calls `loadMore` whenever the returned sentinel element comes near the viewport, as long as
 * `enabled` holds. The observer is the outside system this effect keeps in sync. After each page
 * the observer is re-created, and it reports at once if the sentinel is still in reach, so a tall
 * screen keeps filling until it is full.
 */
export function useLoadMoreOnScroll<T extends Element>(
  enabled: boolean,
  loadMore: () => void,
  rootMargin = '0px 0px 600px 0px',
) {
  const sentinelRef = useRef<T>(null);
  const onNearViewport = useEffectEvent(loadMore);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!enabled || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onNearViewport();
      },
      { rootMargin },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);

  return sentinelRef;
}
