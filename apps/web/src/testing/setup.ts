import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy routes are transformed on first import; beside the API suites on two busy cores that can
// take longer than the default second, which is a slow machine, not a failure.
configure({ asyncUtilTimeout: 5_000 });

// Unexpected console.error output (React warnings, act() problems, failed prop types) fails the
// test that caused it instead of scrolling past as noise.
let consoleError: { mock: { calls: unknown[][] } };

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  const calls = consoleError.mock.calls;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called:\n${calls.map((args: unknown[]) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
