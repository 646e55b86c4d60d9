import { describe, expect, it, vi } from 'vitest';
import { APP_SHELL_PATH, takePairingLink } from './pairing-link.ts';

/** A window whose address is `hash`, recording where it is sent. */
function fakeWindow(hash: string) {
  const listeners: Array<() => void> = [];
  const replace = vi.fn();
  const fake = {
    location: { hash, replace },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  const fireHashChange = () => listeners.forEach((listener) => listener());
  return { window: fake as unknown as Window, replace, location: fake.location, fireHashChange };
}

describe('a pairing link on a server-rendered page', () => {
  it('is handed to the app shell with its fragment', () => {
    const { window, replace } = fakeWindow('#grove-sync=space.key');
    expect(takePairingLink(window)).toBe(true);
    expect(replace).toHaveBeenCalledWith(`${APP_SHELL_PATH}#grove-sync=space.key`);
  });

  it('leaves other pages alone, until such a link is pasted into the address', () => {
    const { window, replace, location, fireHashChange } = fakeWindow('#pricing');
    expect(takePairingLink(window)).toBe(false);
    fireHashChange();
    expect(replace).not.toHaveBeenCalled();
    location.hash = '#grove-sync=space.key';
    fireHashChange();
    expect(replace).toHaveBeenCalledWith(`${APP_SHELL_PATH}#grove-sync=space.key`);
  });
});
