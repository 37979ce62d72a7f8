import { act, fireEvent, screen } from '@testing-library/react';
import { Link, Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyModule } from '@/lib/lazy-module';
import { renderWithProviders } from '@/testing/render';
import { RootLayout } from './root-layout';

function FirstScreen() {
  return (
    <>
      <h1>First screen</h1>
      <Link to="/slow">Go to the slow screen</Link>
    </>
  );
}

describe('RootLayout', () => {
  it("keeps the current screen on show, with a progress bar, until the next screen's code arrives", async () => {
    let arrive: (screen: () => React.ReactNode) => void = () => {};
    const SlowScreen = lazyModule(
      'src/testing/slow-screen.tsx',
      () => new Promise<() => React.ReactNode>((resolve) => (arrive = resolve)),
    );
    renderWithProviders(<RootLayout />, {
      path: '/',
      route: '/first',
      routes: (
        <Route element={<RootLayout />}>
          <Route path="first" element={<FirstScreen />} />
          <Route path="slow" element={<SlowScreen />} />
        </Route>
      ),
    });
    expect(screen.getByRole('heading', { name: 'First screen' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Go to the slow screen' }));
    // A transition: the first screen stays (no blank page, no spinner in its place), and the bar
    // says the next one is on its way.
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'First screen' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();

    await act(async () => arrive(() => <h1>Slow screen</h1>));
    expect(await screen.findByRole('heading', { name: 'Slow screen' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'First screen' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
