// What the store benchmark page hands back to bench/store.ts: plain data, so it crosses page.evaluate.

/** Median milliseconds per step of an operation, to show where its time goes. */
export type Breakdown = Record<string, number>;

export interface Sizes {
  /** The workspace as today's JSON format stores it (decision 010's envelope, schemaVersion 1): characters, UTF-8 bytes. */
  jsonChars: number;
  jsonBytes: number;
  /** The stored document after the upgrade from that JSON ({"schemaVersion":3,…,"state":"…","log":[]}). */
  storedChars: number;
  stateChars: number;
}

export interface PrepareResult {
  userAgent: string;
  shape: Record<string, number>;
  generateMs: number;
  /** `new WorkspaceStore()` over today's JSON: the upgrade to the document, stored at once. */
  upgradeMs: number;
  sizes: Sizes;
}

/** One one-task edit and the save after it, on the store kept between calls: wall-clock milliseconds. */
export interface SaveSample {
  dispatchMs: number;
  flushMs: number;
}

/** The stored text now, and its parts. */
export interface StoredNow {
  storedChars: number;
  stateChars: number;
  logChars: number;
  /** Where the log folds: the store's rule (more than 64 K characters and LOG_FOLD_SHARE of the state). */
  foldAtChars: number;
}

export interface GrowResult {
  edits: number;
  logChars: number;
  foldAtChars: number;
}

export interface EditingResult {
  edits: number;
  durationMs: number;
  writesDuringEditing: number;
  writesTotal: number;
  minGapMs: number;
  /** Main-thread time of each timer-driven save. */
  saveMs: number[];
  /** The longest wait between two simulated keystrokes (50 ms when nothing blocks). */
  maxEditGapMs: number;
}

/** What the page puts on the window for bench/store.ts to call. Every call is synchronous but editing(). */
export interface StoreBenchPage {
  /** Builds the workspace, stores it as today's JSON (keeping the text for loadJson) and upgrades it. */
  prepare: () => PrepareResult;
  saveEdit: (run: number) => SaveSample;
  inspect: () => StoredNow;
  /** Large edits (not undoable, as typing is), each saved, until the log is within `marginChars` of folding. */
  growLog: (marginChars: number) => GrowResult;
  /** `new WorkspaceStore()` over the stored document: milliseconds. */
  loadStore: () => number;
  /** The stored document decoded to data (decode, projection; its getItem is timed in saveSteps): milliseconds. */
  decodeStored: () => number;
  /** Today's JSON loaded (JSON.parse, loadWorkspace), as the store did before (less its getItem): milliseconds. */
  loadJson: () => number;
  /** The steps of the next save timed apart, on a copy of the stored document. */
  saveSteps: () => Breakdown;
  /** Where decoding the stored document goes (its state only: call it just after a fold). */
  loadSteps: () => Breakdown;
  /** A store (in memory, never saving) of the workspace and one page of 1,000 blocks. */
  prepareBigPage: () => number;
  /** One character typed in the middle of block 501 of that page: `dispatch(updatePageBlocks)`, milliseconds. */
  keystroke: (run: number) => number;
  /** One edit every 50 ms for 5 s with the store's own save timers. */
  editing: () => Promise<EditingResult>;
  /** Does nothing: the cost of a call itself, to subtract. */
  idle: () => boolean;
}
