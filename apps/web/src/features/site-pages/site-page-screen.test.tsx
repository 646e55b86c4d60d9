import type { SiteContent } from '@grove/domain/content/site-content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyChange } from '@/lib/queries/realtime-bridge.ts';
import { jsonResponse, queuedFetch } from '@/test/queued-fetch.ts';
import { Component as SitePage } from './site-page-screen.tsx';

const toastInfo = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { info: toastInfo } }));
vi.mock('@/lib/queries/use-realtime-cache.ts', () => ({ useRealtimeCache: () => undefined }));

const about = (overrides: Partial<SiteContent> = {}): SiteContent => ({
  slug: 'about', title: 'About Grove', content: '<p>We grow <a href="javascript:alert(1)">habits</a>.</p>', updated_at: '2026-03-05T12:00:00.000Z', ...overrides,
});

const responses = queuedFetch();
const json = jsonResponse;

afterEach(() => {
  toastInfo.mockReset();
});

function renderAt(entries: string[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/blog" element={<p>Blog page</p>} />
          {['about', 'privacy', 'terms', 'contact'].map((slug) => <Route key={slug} path={`/${slug}`} element={<SitePage />} />)}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('static pages (docs/product.md, Public site)', () => {
  it('shows the record\'s title and sanitised content, and the web page meta', async () => {
    responses.push(json(200, about()));
    renderAt(['/about']);
    expect(await screen.findByRole('heading', { level: 1, name: 'About Grove' })).toBeTruthy();
    expect(screen.getByText('habits').getAttribute('href')).toBeNull();
    // The date is a <time> in the sentence, so the public pages' script can write it in the reader's zone.
    const updated = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Last updated March 5, 2026');
    expect(updated.querySelector('time')?.getAttribute('datetime')).toBeTruthy();
    expect(document.title).toBe('About Grove | Grove');
  });

  it('falls back to the translated title and says when there is no content', async () => {
    responses.push(json(404, { error: 'Page not found.' }));
    renderAt(['/terms']);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(await screen.findByText('Content for this page has not been set up yet.')).toBeTruthy();
  });

  it('replaces the content on a live UPDATE and announces it with the page title', async () => {
    responses.push(json(200, about()));
    const queryClient = renderAt(['/about']);
    await screen.findByText('habits');
    const message = { type: 'change', topic: 'site_content:about', table: 'site_content', event: 'UPDATE', new: about({ content: '<p>New words.</p>' }), old: about() } as const;
    act(() => applyChange(queryClient, message));
    expect(await screen.findByText('New words.')).toBeTruthy();
    expect(toastInfo).toHaveBeenCalledWith('The About Grove page has been updated.', expect.anything());
  });

  it('Back goes back in history, or home when the page was opened first', async () => {
    responses.push(json(200, about()), json(200, about()));
    renderAt(['/about']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
  });
});
