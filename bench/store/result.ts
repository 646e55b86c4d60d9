// What the store benchmark page hands back to bench/store.ts: plain data, so it crosses page.evaluate.

/** Median milliseconds per step of an operation, to show where its time goes. */
export type Breakdown = Record<string, number>;

export interface StoreBenchResult {
  userAgent: string;
  shape: Record<string, number>;
  generateMs: number;
  /** The stored envelope's JSON: UTF-16 code units (what the quota counts) and UTF-8 bytes. */
  sizeChars: number;
  sizeBytes: number;
  /** `new WorkspaceStore(...)` over the stored workspace: read, parse, migrate, normalise. */
  load: { ms: number[]; breakdown: Breakdown };
  save: {
    /** `flush()` after a one-task edit: the save runs synchronously, so this is main-thread time. */
    flushMs: number[];
    applyMs: number[];
    /** Durations of the browser's own 'longtask' entries seen during the save runs. */
    longTasks: number[];
    breakdown: Breakdown;
  };
  editing: {
    edits: number;
    durationMs: number;
    writesDuringEditing: number;
    writesTotal: number;
    minGapMs: number;
    /** Main-thread time of each timer-driven save. */
    saveMs: number[];
    /** The longest wait between two simulated keystrokes (50 ms when nothing blocks). */
    maxEditGapMs: number;
  };
}

/** What the page puts on the window for bench/store.ts to call. */
export interface StoreBenchPage {
  run: () => Promise<StoreBenchResult>;
  /** One one-task edit and flush() on a store kept between calls. */
  saveOnce: (run: number) => boolean;
  /** One `new WorkspaceStore(...)`; returns the task count. */
  loadOnce: () => number;
  /** Does nothing: the cost of a call itself, to subtract. */
  idle: () => boolean;
}
