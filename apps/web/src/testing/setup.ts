import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

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
