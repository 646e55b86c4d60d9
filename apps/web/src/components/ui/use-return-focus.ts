import { useMemo, useRef } from 'react';

/**
 * For a Radix dialog opened from code rather than from its own Trigger: Radix returns focus to the Trigger on
 * close, so without one focus would fall to the page. This remembers what had focus when the dialog opened
 * and gives it back on close, when it is still on the page (a card deleted from its dialog is not).
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return useMemo(() => ({
    onOpenAutoFocus: () => {
      const focused = document.activeElement;
      opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  }), []);
}
