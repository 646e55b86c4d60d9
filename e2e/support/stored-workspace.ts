import type { Page } from '@playwright/test';
import { storedWorkspaceData } from '@grove/domain/replica/stored-workspace';
import type { StudioData } from '@grove/domain/workspace/model';

// Reading the workspace a page has stored under 'grove-data', whatever its stored format (decision 061): the raw
// text is taken from the page and decoded here, in Node, by the domain's reader. Specs assert on the decoded
// data, never on the text, so a change of format needs no change in them.

/** The raw text the page has stored under 'grove-data'; null when nothing is stored. */
export function storedText(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('grove-data'));
}

// Every stored format begins {"schemaVersion":N,"revision":N (the JSON envelope and the Yjs document's header).
const REVISION = /^\{"schemaVersion":\d{1,9},"revision":(\d{1,15})[,}]/;

/** The revision at the head of stored text; null when there is none (nothing stored, bare or damaged data). */
export function storedRevision(text: string | null): number | null {
  const match = text === null ? null : REVISION.exec(text.slice(0, 64));
  return match ? Number(match[1]) : null;
}

/** The workspace data the page has stored, in any format; null when nothing readable is stored. */
export async function storedData(page: Page): Promise<StudioData | null> {
  return storedWorkspaceData(await storedText(page));
}

/** The stored data and its revision, read at once; null when nothing readable is stored. */
export async function storedWorkspace(page: Page): Promise<{ revision: number; data: StudioData } | null> {
  const text = await storedText(page);
  const data = storedWorkspaceData(text);
  const revision = storedRevision(text);
  return data === null || revision === null ? null : { revision, data };
}
