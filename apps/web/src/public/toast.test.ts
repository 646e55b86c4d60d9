import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_STRINGS_ID, resetStrings } from './strings.ts';
import { showToast, TOAST_DURATION_MS } from './toast.ts';

const toasts = () => [...document.querySelectorAll<HTMLLIElement>('li[data-sonner-toast]')].filter((toast) => toast.dataset.removed !== 'true');

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = `<script type="application/json" id="${PUBLIC_STRINGS_ID}">{"toast.region":"Notifications","toast.close":"Close"}</script>`;
  document.documentElement.classList.remove('dark');
  resetStrings();
});

afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe('showToast', () => {
  it('renders sonner\'s markup in a polite, named region: type, title, description, close button', () => {
    showToast({ id: 'a', type: 'info', title: 'This post has been updated.', description: 'Details' });
    const section = document.querySelector('section')!;
    expect(section.getAttribute('aria-label')).toMatch(/^Notifications/);
    expect(section.getAttribute('aria-live')).toBe('polite');
    const list = section.querySelector('ol[data-sonner-toaster]') as HTMLOListElement;
    expect(list.dataset).toMatchObject({ sonnerTheme: 'light', yPosition: 'bottom', xPosition: 'right' });
    const [toast] = toasts();
    expect(toast?.dataset).toMatchObject({ type: 'info', richColors: 'true', front: 'true' });
    expect(toast?.querySelector('[data-title]')?.textContent).toBe('This post has been updated.');
    expect(toast?.querySelector('[data-description]')?.textContent).toBe('Details');
    expect(toast?.querySelector('button[data-close-button]')?.getAttribute('aria-label')).toBe('Close');
  });

  it('leaves after 5000 ms, or when closed', () => {
    showToast({ id: 'a', type: 'success', title: 'One' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
    vi.advanceTimersByTime(500);
    expect(document.querySelectorAll('li[data-sonner-toast]')).toHaveLength(0);

    showToast({ id: 'b', type: 'error', title: 'Two' });
    toasts()[0]?.querySelector<HTMLButtonElement>('[data-close-button]')?.click();
    expect(toasts()).toHaveLength(0);
  });

  it('replaces a toast shown again with the same id instead of stacking, and stacks different ids newest first', () => {
    showToast({ id: 'post-updated:1', type: 'info', title: 'Updated' });
    vi.advanceTimersByTime(4000);
    showToast({ id: 'post-updated:1', type: 'info', title: 'Updated again' });
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]?.textContent).toContain('Updated again');
    // Its time started over.
    vi.advanceTimersByTime(4000);
    expect(toasts()).toHaveLength(1);
    showToast({ id: 'other', type: 'info', title: 'Other' });
    expect(toasts().map((toast) => toast.querySelector('[data-title]')?.textContent)).toEqual(['Other', 'Updated again']);
    expect(toasts().map((toast) => toast.dataset.front)).toEqual(['true', 'false']);
  });

  it('keeps an Infinity toast until its action runs, which closes it', () => {
    const onClick = vi.fn();
    showToast({ id: 'pwa-update', type: 'info', title: 'Update available', duration: Infinity, action: { label: 'Reload', onClick } });
    vi.advanceTimersByTime(60_000);
    const action = toasts()[0]?.querySelector<HTMLButtonElement>('button[data-action]');
    expect(action?.textContent).toBe('Reload');
    action?.click();
    expect(onClick).toHaveBeenCalledOnce();
    expect(toasts()).toHaveLength(0);
  });

  it('holds its time while the pointer is over the stack', () => {
    showToast({ id: 'a', type: 'info', title: 'One' });
    const list = document.querySelector('ol[data-sonner-toaster]')!;
    list.dispatchEvent(new Event('mouseenter'));
    vi.advanceTimersByTime(TOAST_DURATION_MS * 2);
    expect(toasts()).toHaveLength(1);
    list.dispatchEvent(new Event('mouseleave'));
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(toasts()).toHaveLength(0);
  });

  it('is dark when the page is', () => {
    document.documentElement.classList.add('dark');
    showToast({ id: 'a', type: 'info', title: 'One' });
    expect(document.querySelector<HTMLElement>('ol[data-sonner-toaster]')?.dataset.sonnerTheme).toBe('dark');
  });
});
