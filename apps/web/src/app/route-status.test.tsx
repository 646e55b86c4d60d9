import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-status.tsx';

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('RouteErrorBoundary', () => {
  it('shows the reload screen for a failing route, and the next route once the path changes', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(<RouteErrorBoundary resetKey="/blog"><Broken /></RouteErrorBoundary>);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(logged.mock.calls.some((call) => call[0] === 'Route error')).toBe(true);

    rerender(<RouteErrorBoundary resetKey="/blog"><p>still failed</p></RouteErrorBoundary>);
    expect(screen.queryByText('still failed')).toBeNull();

    rerender(<RouteErrorBoundary resetKey="/about"><p>About</p></RouteErrorBoundary>);
    expect(screen.getByText('About')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('says the screen needs the connection when the browser is offline', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render(<RouteErrorBoundary resetKey="/blog"><Broken /></RouteErrorBoundary>);
      expect(screen.getByRole('heading', { name: 'This page needs a connection' })).toBeTruthy();
      expect(screen.getByText(/this screen is not on this device yet/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    } finally {
      onLine.mockRestore();
    }
  });
});
