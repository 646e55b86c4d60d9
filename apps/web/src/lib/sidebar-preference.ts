import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from './storage-keys.ts';
import { browserStorage, isBoolean, readJson, writeJson } from './safe-storage.ts';

/** docs/product.md, Routes and layout: the sidebar starts open on windows at least 768 px wide. */
export const SIDEBAR_DEFAULT_OPEN_MIN_WIDTH = 768;

export function defaultSidebarOpen(windowWidth: number): boolean {
  return windowWidth >= SIDEBAR_DEFAULT_OPEN_MIN_WIDTH;
}

/** The persisted flag (JSON), or the default for this width when it is missing or unreadable. */
export function readSidebarOpen(storage: Storage | undefined, windowWidth: number): boolean {
  return readJson(storage, STORAGE_KEYS.sidebarOpen, isBoolean) ?? defaultSidebarOpen(windowWidth);
}

export function useSidebarOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => readSidebarOpen(browserStorage('local'), window.innerWidth));
  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeJson(browserStorage('local'), STORAGE_KEYS.sidebarOpen, next);
  }, []);
  return [open, setOpen];
}
