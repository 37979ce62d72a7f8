import { fileURLToPath } from 'node:url';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './preact-aliases';

export default defineConfig({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Testing Library's ES module build, whose imports of React the aliases below can reach
      // (its CommonJS build requires React DOM itself).
      {
        find: /^@testing-library\/react$/,
        replacement: fileURLToPath(
          import.meta.resolve('@testing-library/react/dist/@testing-library/react.esm.js'),
        ),
      },
      ...preactAliases,
    ],
    conditions: ['source', ...defaultClientConditions],
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // The libraries that import React run through Vite too, so their React is Preact as well.
    server: { deps: { inline: [/react/, /@testing-library/, /@stripe/, /@hookform/] } },
  },
});
