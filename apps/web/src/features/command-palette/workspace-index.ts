// Workspace search (issue 32): every task, project, page and mind-map node in one MiniSearch index, words folded
// as the domain reads them (search-text.ts): case- and accent-insensitive, prefixes as you type, small typos
// forgiven. The index follows the workspace by what changed between two states (searchChanges), never rebuilt.
import { searchChanges, searchDocuments, type SearchDocument, type SearchKind } from '@grove/domain/search/search-documents';
import { foldWord, searchWords } from '@grove/domain/search/search-text';
import type { StudioData } from '@grove/domain/workspace/model';
import MiniSearch from 'minisearch';

export interface SearchHit extends SearchDocument {
  score: number;
  /** The index's words this hit matched (folded): what to highlight. */
  matched: ReadonlySet<string>;
}

/** Results a search returns at most. */
export const SEARCH_LIMIT = 30;

/** Words from this long forgive one typo, from FUZZY_TWO_FROM two. */
const FUZZY_ONE_FROM = 4;
const FUZZY_TWO_FROM = 8;

const fuzziness = (term: string): number => (term.length >= FUZZY_TWO_FROM ? 2 : term.length >= FUZZY_ONE_FROM ? 1 : 0);

function createIndex(): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    fields: ['title', 'text', 'tags'],
    storeFields: ['kind', 'itemId', 'title', 'text', 'tags'],
    tokenize: searchWords,
    processTerm: (term) => foldWord(term),
    searchOptions: {
      // A word in a title or a tag says more than one in a page's text.
      boost: { title: 4, tags: 2 },
      prefix: true,
      fuzzy: (term) => fuzziness(term) || false,
      maxFuzzy: FUZZY_TWO_FROM,
      // Exact words rank above prefixes, prefixes above typos.
      weights: { fuzzy: 0.3, prefix: 0.6 },
      combineWith: 'AND',
    },
  });
}

/** A document from the fields the index stores (createIndex's storeFields). */
function storedDocument(id: string, stored: Record<string, unknown>): SearchDocument {
  const field = (name: string) => stored[name] as string;
  return { id, kind: field('kind') as SearchKind, itemId: field('itemId'), title: field('title'), text: field('text'), tags: field('tags') };
}

/** Documents indexed per slice of a background build: a few milliseconds each, so the tab stays responsive. */
const BUILD_CHUNK = 250;

export class WorkspaceIndex {
  private readonly index = createIndex();
  /** The state the index holds; null until its first build has finished. */
  private data: StudioData | null = null;
  private building: Promise<void> | null = null;

  /** Whether the index holds a state (update may be called); false until the first build has finished. */
  get ready(): boolean {
    return this.data !== null;
  }

  /**
   * Builds the index of `data` in slices between which the browser paints and handles input (a workspace of 12,000
   * items takes about half a second in all); at once when it fits one slice. Later calls return the same build.
   */
  build(data: StudioData): Promise<void> {
    if (this.data !== null) return Promise.resolve();
    if (this.building) return this.building;
    const documents = searchDocuments(data);
    if (documents.length <= BUILD_CHUNK) {
      this.index.addAll(documents);
      this.data = data;
      return Promise.resolve();
    }
    this.building = this.index.addAllAsync(documents, { chunkSize: BUILD_CHUNK }).then(() => {
      this.data = data;
      this.building = null;
    });
    return this.building;
  }

  /** Brings a built index to `data` by what changed since the state it holds (build first). */
  update(data: StudioData): void {
    if (this.data === null) throw new Error('WorkspaceIndex.update before its build finished.');
    if (data === this.data) return;
    const { upserts, removals } = searchChanges(this.data, data);
    for (const id of removals) this.index.discard(id);
    for (const document of upserts) {
      if (this.index.has(document.id)) this.index.replace(document);
      else this.index.add(document);
    }
    this.data = data;
  }

  /** An indexed item's document (a recent item's title), or undefined when it is gone. */
  document(id: string): SearchDocument | undefined {
    const stored = this.index.getStoredFields(id);
    return stored ? storedDocument(id, stored) : undefined;
  }

  get size(): number {
    return this.index.documentCount;
  }

  /** The best matches for what the user typed, best first; none for a query without words. */
  search(query: string, limit = SEARCH_LIMIT): SearchHit[] {
    if (searchWords(query).length === 0) return [];
    return this.index.search(query).slice(0, limit).map((result) => ({
      ...storedDocument(String(result.id), result), score: result.score, matched: new Set(result.terms),
    }));
  }
}
