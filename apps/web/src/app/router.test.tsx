import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyRoute } from './router.tsx';

const screenModule = { Component: () => <p>The screen</p> };

describe('lazyRoute', () => {
  it('renders a screen whose code is in at once, without suspending (no retry pass)', async () => {
    const route = lazyRoute(() => Promise.resolve(screenModule), (module) => module.Component);
    await route.preload();
    render(<Suspense fallback={<p>Loading</p>}><route.Component /></Suspense>);
    // React.lazy would show the fallback here: it suspends on its first render even when the module is loaded.
    expect(screen.getByText('The screen').textContent).toBe('The screen');
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspends until the code is in when it is not yet, then renders the screen', async () => {
    let resolve: (module: typeof screenModule) => void = () => {};
    const route = lazyRoute(() => new Promise<typeof screenModule>((done) => {
      resolve = done;
    }), (module) => module.Component);
    render(<Suspense fallback={<p>Loading</p>}><route.Component /></Suspense>);
    expect(screen.queryByText('Loading')).not.toBeNull();
    resolve(screenModule);
    expect((await screen.findByText('The screen')).tagName).toBe('P');
  });

  it('loads a module once however often it is asked for', async () => {
    let loads = 0;
    const route = lazyRoute(() => {
      loads += 1;
      return Promise.resolve(screenModule);
    }, (module) => module.Component);
    await Promise.all([route.preload(), route.preload()]);
    await route.preload();
    expect(loads).toBe(1);
  });
});
