import type { Page } from '@playwright/test';

// A tab that can stop hearing the other tabs of its browser (their channel messages and storage events), as a
// frozen tab would: registered before the app's own listeners, switched with setDeaf.

export async function canGoDeaf(tab: Page): Promise<void> {
  await tab.addInitScript(() => {
    const deaf = () => (window as { deaf?: boolean }).deaf === true;
    window.addEventListener('storage', (event) => {
      if (deaf()) event.stopImmediatePropagation();
    });
    type Options = boolean | AddEventListenerOptions;
    window.BroadcastChannel = class extends BroadcastChannel {
      override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: Options): void {
        const heard = (event: Event) => {
          if (!deaf() && typeof listener === 'function') listener(event);
        };
        super.addEventListener(type, type === 'message' && typeof listener === 'function' ? heard : listener, options);
      }
    };
  });
}

export async function setDeaf(tab: Page, deaf: boolean): Promise<void> {
  await tab.evaluate((value) => {
    (window as { deaf?: boolean }).deaf = value;
  }, deaf);
}
