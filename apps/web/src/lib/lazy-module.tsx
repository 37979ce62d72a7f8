import { lazy, useContext, type ComponentType } from 'react';
import { RenderContextValue } from './render-context';

/**
 * React.lazy that also tells the server which source module a page rendered, so the page's HTML
 * asks for that code at once (modulepreload) instead of after the entry script has run: the
 * page comes alive sooner, and a click on it is not lost to code still on its way.
 *
 * @param source the module's path as Vite's manifest names it (`src/app/routes/home.tsx`)
 */
export function lazyModule<P extends object>(source: string, load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyModule(props: P) {
    useContext(RenderContextValue)?.addModule(source);
    return <Lazy {...props} />;
  }
  return LazyModule;
}
