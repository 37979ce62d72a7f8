import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import reactHooks from 'eslint-plugin-react-hooks';
import security from 'eslint-plugin-security';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/.tsbuild/**',
      '**/node_modules/**',
      'data/**',
      '**/*.d.ts',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  security.configs.recommended,
  noUnsanitized.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.config.ts', '*.config.js', 'apps/*/*.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Our object lookups are keyed by closed unions; this rule flags every one of them.
      'security/detect-object-injection': 'off',
      // Paths come from configuration or fixed folders, never straight from a request.
      'security/detect-non-literal-fs-filename': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // The server's floors (decision 027, Folds): config and lib at the bottom, then db, auth and
    // modules, then the seed, with app.ts and server.ts on top. Tests may reach up (to build an app).
    files: ['apps/api/src/{lib,db}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(config|app|server)\\.js$|/(modules|seed|plugins|cli)/',
              message: 'lib/ and db/ are the ground floor: pass settings in, never import upward.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/{auth,modules,plugins}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '/seed/', message: 'The seed builds on the modules, not the other way round.' },
          ],
        },
      ],
    },
  },
  {
    // The web never reaches into the server, and a feature never imports another feature.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/api/**', '@pitstop/api*'], message: 'The web must not import server code.' },
          ],
          paths: [
            {
              name: 'react-hook-form',
              importNames: ['useForm'],
              message:
                'Use useAppForm (@/hooks/use-app-form): it validates on submit, not on blur, so no click is lost.',
            },
          ],
        },
      ],
    },
  },
);
