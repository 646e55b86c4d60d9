import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@/lib/theme-provider.tsx';
import { Toaster, TOAST_DURATION_MS } from './toaster.tsx';

function renderToaster() {
  return render(<ThemeProvider><Toaster /></ThemeProvider>);
}

describe('Toaster', () => {
  afterEach(() => {
    vi.useRealTimers();
    act(() => {
      toast.dismiss();
    });
  });

  it('shows success, error and info toasts at the bottom right', async () => {
    renderToaster();
    act(() => {
      toast.success('Saved it');
      toast.error('Broke it');
      toast.info('Heads up');
    });
    expect(await screen.findByText('Saved it')).toBeTruthy();
    expect(screen.getByText('Broke it')).toBeTruthy();
    expect(screen.getByText('Heads up')).toBeTruthy();
    const item = screen.getByText('Saved it').closest('[data-sonner-toast]');
    expect(item?.getAttribute('data-type')).toBe('success');
    expect(item?.getAttribute('data-y-position')).toBe('bottom');
    expect(item?.getAttribute('data-x-position')).toBe('right');
  });

  it('dismisses a toast after 5000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderToaster();
    act(() => {
      toast.info('Short lived');
    });
    expect(await screen.findByText('Short lived')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 500);
    });
    expect(screen.queryByText('Short lived')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    await vi.waitFor(() => expect(screen.queryByText('Short lived')).toBeNull());
  });

  it('closes a toast with its close button', async () => {
    renderToaster();
    act(() => {
      toast.success('Closable');
    });
    await screen.findByText('Closable');
    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    await vi.waitFor(() => expect(screen.queryByText('Closable')).toBeNull());
  });
});
