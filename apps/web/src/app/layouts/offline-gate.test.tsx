import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { OfflineGate } from './offline-gate.tsx';

function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function Post({ load }: { load: () => Promise<string> }) {
  const post = useQuery({ queryKey: ['post'], queryFn: load, retry: false });
  return <p>{post.data ?? 'loading'}</p>;
}

function renderGate(client: QueryClient, load: () => Promise<string>) {
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <OfflineGate><Post load={load} /></OfflineGate>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineGate', () => {
  it('offline, shows the notice in place of a screen without its data, and the screen again once online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = new QueryClient();
    renderGate(client, () => Promise.resolve('Hello post'));
    expect(screen.getByRole('heading', { level: 1, name: 'This page needs a connection' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open your workspace' }).getAttribute('href')).toBe('/dashboard');

    setOnline(true);
    expect(await screen.findByText('Hello post')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This page needs a connection' })).toBeNull();
  });

  it('keeps a screen whose data is already loaded readable when the connection goes', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const client = new QueryClient();
    renderGate(client, () => Promise.resolve('Loaded before'));
    expect(await screen.findByText('Loaded before')).toBeTruthy();

    setOnline(false);
    expect(screen.getByText('Loaded before')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This page needs a connection' })).toBeNull();
  });
});
