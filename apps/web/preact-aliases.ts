import type { Alias } from 'vite';

/**
 * The app is written against React's API and rendered by Preact through preact/compat
 * (docs/decisions/023-preact-renderer.md): React DOM alone was about 60 KB gzip of the home page's
 * first load, Preact with its compat layer is about 11. Every import of React, React DOM and the
 * JSX runtime, the app's own and its libraries' (React Router, TanStack Query, react-hook-form,
 * Testing Library), resolves to Preact, in the browser bundle, the server bundle and the tests
 * alike, so all three render with the same library.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
