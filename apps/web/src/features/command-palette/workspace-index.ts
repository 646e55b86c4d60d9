// Workspace search (issue 32): every task, project, page and mind-map node in one MiniSearch index, words folded
// as the domain reads them (search-text.ts): case- and accent-insensitive, prefixes as you type, small typos
// forgiven. The index follows the workspace by what changed between two states (searchChanges), never rebuilt.
import { searchChanges, searchDocuments, type SearchDocument } from '@grove/domain/search/search-documents';
import { foldWord, searchWords } from '@grove/domain/search/search-text';
import type { StudioData } from '@grove/domain/workspace/model';
import MiniSearch from 'minisearch';

export interface SearchHit extends SearchDocument {
  score: number;
  /** The index's words this hit matched (folded): what to highlight. */
  matched: ReadonlySet<string>;
}

/** Results a search returns at most. */
export const SEARCH_LIMIT = 20;

/** A query of one word this short searches titles and tags only. */
const SHORT_WORD = 2;

/** Words from this long forgive one typo, from FUZZY_TWO_FROM two. */
const FUZZY_ONE_FROM = 4;
const FUZZY_TWO_FROM = 8;

const fuzziness = (term: string): number => (term.length >= FUZZY_TWO_FROM ? 2 : term.length >= FUZZY_ONE_FROM ? 1 : 0);

function createIndex(): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    fields: ['title', 'text', 'tags'],
    // Nothing stored: each result would copy its fields, for thousands of matches of a short prefix. The documents
    // are kept beside the index (WorkspaceIndex.documents) and read for the few results shown.
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

/** A workspace this small is indexed at once, in one go. */
const AT_ONCE = 250;
/** The longest a slice of a background build runs: a keystroke or a drop that comes meanwhile waits at most this. */
const SLICE_MS = 5;

/** The two ends of a MessageChannel, as nextTask uses them (typed here: this module is also built for Node). */
interface TaskPort {
  onmessage: (() => void) | null;
  postMessage: (message: null) => void;
  close: () => void;
}

/**
 * Calls `task` as the next task of the page, after what is waiting (input, a frame): through a message channel
 * in a browser, which nested timers would slow by 4 ms each; a timer elsewhere (Node, where bench:search builds it).
 */
function nextTask(task: () => void): void {
  if (typeof MessageChannel === 'undefined' || typeof (globalThis as { document?: unknown }).document === 'undefined') {
    setTimeout(task, 0);
    return;
  }
  const channel = new MessageChannel() as unknown as { port1: TaskPort; port2: TaskPort };
  channel.port1.onmessage = () => {
    channel.port1.close();
    task();
  };
  channel.port2.postMessage(null);
}

/** The Prioritized Task Scheduling API, where the browser has it (Chromium, Firefox). */
interface TaskScheduler {
  postTask: (task: () => void, options: { priority: 'background' }) => Promise<unknown>;
}

/**
 * Calls `task` as background work: after the page's own tasks and frames (scheduler.postTask's background priority),
 * else when the browser is idle, else as the next task. Posted as next tasks, 25–31 ms of slices ran between a drop on
 * a 5,000-task board and its repaint while the index was built (bench:board's move profile, 2026-11-29 (r)).
 */
function nextBackgroundTask(task: () => void): void {
  const scheduler = (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    void scheduler.postTask(task, { priority: 'background' });
    return;
  }
  const idle = (globalThis as { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number }).requestIdleCallback;
  if (typeof idle === 'function') idle(task, { timeout: IDLE_TIMEOUT_MS });
  else nextTask(task);
}

/** Where background work waits for idle time: it runs this long after being asked for at the latest. */
const IDLE_TIMEOUT_MS = 1000;

export class WorkspaceIndex {
  private readonly index = createIndex();
  private readonly documents = new Map<string, SearchDocument>();
  /** The state the index holds; null until its first build has finished. */
  private data: StudioData | null = null;
  private building: Promise<void> | null = null;
  /** Someone waits for the build: its slices are the page's next tasks, not background work. */
  private soon = false;

  /** Whether the index holds a state (update may be called); false until the first build has finished. */
  get ready(): boolean {
    return this.data !== null;
  }

  /**
   * Builds the index of `data` in slices of at most SLICE_MS, each a task of its own, so what the person does
   * meanwhile (a keystroke, a drop) waits a few milliseconds at most (a workspace of 12,000 items takes about half a
   * second in all); at once when it is small. The slices are background work, after every frame and input, until
   * someone waits for the index (`soon`: the palette is open), from then on the next tasks. Later calls return the
   * same build.
   */
  build(data: StudioData, { soon = false }: { soon?: boolean } = {}): Promise<void> {
    if (soon) this.soon = true;
    if (this.data !== null) return Promise.resolve();
    if (this.building) return this.building;
    const documents = searchDocuments(data);
    for (const document of documents) this.documents.set(document.id, document);
    if (documents.length <= AT_ONCE) {
      this.index.addAll(documents);
      this.data = data;
      return Promise.resolve();
    }
    let next = 0;
    this.building = new Promise<void>((resolve) => {
      const slice = () => {
        const end = performance.now() + SLICE_MS;
        do {
          const document = documents[next];
          if (document) this.index.add(document);
          next += 1;
        } while (next < documents.length && performance.now() < end);
        if (next < documents.length) {
          (this.soon ? nextTask : nextBackgroundTask)(slice);
          return;
        }
        this.data = data;
        this.building = null;
        resolve();
      };
      (this.soon ? nextTask : nextBackgroundTask)(slice);
    });
    return this.building;
  }

  /** Brings a built index to `data` by what changed since the state it holds (build first). */
  update(data: StudioData): void {
    if (this.data === null) throw new Error('WorkspaceIndex.update before its build finished.');
    if (data === this.data) return;
    const { upserts, removals } = searchChanges(this.data, data);
    for (const id of removals) {
      this.index.discard(id);
      this.documents.delete(id);
    }
    for (const document of upserts) {
      if (this.index.has(document.id)) this.index.replace(document);
      else this.index.add(document);
      this.documents.set(document.id, document);
    }
    this.data = data;
  }

  /** An indexed item's document (a recent item's title), or undefined when it is gone. */
  document(id: string): SearchDocument | undefined {
    return this.ready ? this.documents.get(id) : undefined;
  }

  get size(): number {
    return this.index.documentCount;
  }

  /** The best matches for what the user typed, best first; none for a query without words. */
  search(query: string, limit = SEARCH_LIMIT): SearchHit[] {
    const words = searchWords(query);
    if (words.length === 0) return [];
    // A word of one or two letters is the start of a name: it looks in titles and tags, not in thousands of texts.
    const options = words.length === 1 && words[0]!.length <= SHORT_WORD ? { fields: ['title', 'tags'] } : {};
    return this.index.search(query, options).slice(0, limit).map((result) => ({
      ...this.documents.get(String(result.id))!, score: result.score, matched: new Set(result.terms),
    }));
  }
}
