import type { SearchKind } from '@grove/domain/search/search-documents';
import { foldWord, searchWords } from '@grove/domain/search/search-text';
import { APP_PATHS } from '@/lib/paths.ts';

/**
 * Where a result opens (issue 32), through the screens' one-shot link parameters: a page at the page, scrolled to
 * the first matched word of its text (`find`); a task in its dialog on the board; a project's card; a node
 * selected and centred on the map.
 */
export function resultHref(kind: SearchKind, itemId: string, find?: string): string {
  const id = encodeURIComponent(itemId);
  switch (kind) {
    case 'page':
      return `${APP_PATHS.pages}/${id}${find ? `?find=${encodeURIComponent(find)}` : ''}`;
    case 'task':
      return `${APP_PATHS.kanban}?task=${id}`;
    case 'project':
      return `${APP_PATHS.projects}?show=${id}`;
    case 'node':
      return `${APP_PATHS.mindMap}?node=${id}`;
  }
}

/** The first word of `text` the search matched, as written there: what a page is scrolled to. */
export function firstMatchedWord(text: string, matched: ReadonlySet<string>): string | undefined {
  return searchWords(text).find((word) => matched.has(foldWord(word)));
}

/** Whether every word of the query begins a word of the label (case and accents ignored): a command matches. */
export function labelMatches(label: string, query: string): boolean {
  const words = searchWords(label).map(foldWord);
  return searchWords(query).map(foldWord).every((wanted) => words.some((word) => word.startsWith(wanted)));
}
