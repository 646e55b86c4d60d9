import type { StudioData } from '@grove/domain/workspace/model';

/** Where the bench seeds the workspace: Grove's own key. */
export const SEEDED_KEY = 'grove-data';

/**
 * The workspace the bench seeded, as Grove reads it on its first visit: the stored text in localStorage (the spec's
 * JSON envelope), parsed. The bare pages take their data from it, so they show exactly what Grove shows; they keep
 * no store of their own and write nothing back.
 */
export function seededWorkspace(): StudioData {
  const text = localStorage.getItem(SEEDED_KEY);
  if (text === null) throw new Error('No seeded workspace: the bench seeds grove-data before the page runs.');
  return (JSON.parse(text) as { data: StudioData }).data;
}

/** A number from the page's query (?name=…), or the fallback. */
export function queryNumber(name: string, fallback: number): number {
  const value = Number(new URLSearchParams(location.search).get(name) ?? Number.NaN);
  return Number.isFinite(value) ? value : fallback;
}
