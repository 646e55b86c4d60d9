import { bytesToText } from '@grove/domain/replica/binary-text';
import { storedReplicaText, type StoredParts } from '@grove/domain/replica/stored-workspace';
import { compactCopy, encodeDocState, snapshotCovers, snapshotHoldsUpdate } from '@grove/domain/replica/workspace-doc';
import * as Y from 'yjs';
import { isQuotaError } from './store-types.ts';

// What one tab has stored of the workspace and what it has not (docs/decisions/061-yjs-merge-engine.md, 069): the
// document as last encoded whole, the updates stored since (the log, a segment per save), and the updates not stored
// yet, which together always hold the whole document; and how a save writes them under 'grove-data'. The store
// (workspace-store.ts) decides when to save; this decides what a save writes.

export const WORKSPACE_KEY = 'grove-data';
/** The stored log of updates is folded into a whole encoding once it is this large (characters)… */
export const LOG_FOLD_MINIMUM = 64 * 1024;
/**
 * …and larger than this share of the whole encoding: the stored text stays within 1.08 times the document encoded
 * whole, which is 1.18 times the workspace's plain JSON (bench:store).
 */
export const LOG_FOLD_SHARE = 0.08;
/**
 * Another tab's changes are stored by that tab; this one stores them only if they are still not stored this long
 * after they came (that tab was gone before its save), so two tabs do not both write the whole workspace (069).
 */
export const REMOTE_SAVE_GRACE_MS = 3000;

/** Whether a save must write: 'stored' when nothing needs it, 'later' when another tab's save is still due. */
export type WriteNeed = 'write' | 'stored' | 'later';

export class StoredCopy {
  private state: string | null = null;
  private log: readonly string[] = [];
  private logLength = 0;
  private unstored: Uint8Array[] = [];
  /** Something this tab changed itself is among the unstored updates (else only other tabs' changes are). */
  private ownUnstored = false;
  /** Other tabs' changes since this tab last wrote, with when they came: stored by those tabs unless they were gone. */
  private remoteUnstored: { update: Uint8Array; at: number }[] = [];
  /** A fold running off the main thread, from these parts; null when none is. */
  private folding: StoredParts | null = null;
  private foldFailed = false;
  /** A fold came back: the next save writes the shorter text even if the stored one holds everything. */
  private refold = false;

  constructor(
    private readonly storage: Storage,
    private readonly writerId: string,
    /** Encodes stored parts whole off the main thread (a worker); undefined: the tab folds itself. */
    private readonly foldInBackground: ((parts: StoredParts) => Promise<string>) | undefined,
    /** A background fold came back: the store should save (the shorter text). */
    private readonly onFolded: () => void,
  ) {}

  /** The stored parts this tab loaded the document from. */
  loaded(parts: StoredParts): void {
    this.state = parts.state;
    this.log = parts.log;
    this.logLength = parts.log.reduce((sum, segment) => sum + segment.length, 0);
  }

  /** An update of the document not stored yet: this tab's own, or another tab's (`at`: when it came). */
  add(update: Uint8Array, fromOtherTab: { at: number } | null): void {
    this.unstored.push(update);
    if (fromOtherTab) this.remoteUnstored.push({ update, at: fromOtherTab.at });
    else this.ownUnstored = true;
  }

  /**
   * Whether this save must write, given what is stored (`seen`) and what the document holds (`taken`): not when the
   * stored state holds everything, or all this tab has unstored are other tabs' changes that are stored; 'later'
   * when some of theirs are not stored yet but came within the grace (their tab's save is on its way). `mustWrite`
   * (closing, or a caller waiting for the save) writes whatever is missing at once.
   */
  writeNeed(seen: Y.Snapshot, taken: Y.Snapshot, now: number, mustWrite: boolean): WriteNeed {
    if (this.refold) return 'write';
    if (snapshotCovers(seen, taken)) return 'stored';
    if (this.ownUnstored) return 'write';
    this.remoteUnstored = this.remoteUnstored.filter(({ update }) => !snapshotHoldsUpdate(seen, update));
    if (this.remoteUnstored.length === 0) return 'stored';
    if (mustWrite) return 'write';
    const oldest = this.remoteUnstored[0]?.at ?? 0;
    return now - oldest < REMOTE_SAVE_GRACE_MS ? 'later' : 'write';
  }

  /**
   * Writes the document: the whole encoding kept from before with the updates since, this save's appended to the log
   * as a segment of its own (the segments before are not encoded again); once the log has grown, folded: by a worker
   * where there is one (this save still appends), else here, the whole document encoded again. When it does not fit,
   * once more encoded whole without the deleted content undo keeps alive. What is kept for the next save changes only
   * once the write succeeded. `taken`: the document's snapshot, taken by the caller just before.
   */
  write(doc: Y.Doc, revision: number, taken: Y.Snapshot): void {
    const updates = this.unstored;
    const fresh = updates.length === 0 ? null : bytesToText(updates.length === 1 ? updates[0] as Uint8Array : Y.mergeUpdatesV2(updates));
    const logLength = this.logLength + (fresh?.length ?? 0);
    const state = this.state;
    const grown = state !== null && logLength > Math.max(LOG_FOLD_MINIMUM, state.length * LOG_FOLD_SHARE);
    const appended = state === null ? null : { state, log: fresh === null ? this.log : [...this.log, fresh] };
    try {
      // A grown log is folded off the main thread when a worker can: this save appends, a later one stores the fold.
      if (appended && (!grown || this.startFold(appended))) this.writeParts(doc, revision, appended, logLength, taken);
      else this.writeParts(doc, revision, { state: encodeDocState(doc), log: [] }, 0, taken);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      this.writeParts(doc, revision, { state: encodeDocState(compactCopy(doc)), log: [] }, 0);
    }
    this.refold = false;
  }

  /** Writes parts that hold the whole document with the log as it is; kept for the next save once written. */
  private writeParts(doc: Y.Doc, revision: number, parts: StoredParts, logLength: number, taken?: Y.Snapshot): void {
    this.storage.setItem(WORKSPACE_KEY, storedReplicaText(doc, revision, this.writerId, parts, taken));
    this.state = parts.state;
    this.log = parts.log;
    this.logLength = logLength;
    this.unstored = [];
    this.ownUnstored = false;
    this.remoteUnstored = [];
  }

  /**
   * Starts folding `parts` in the background, unless a fold is running (true: the caller may append). When it is
   * done, the folded state replaces the parts it came from in what this tab stores, if they are still its own, and
   * the next save writes the shorter text; a fold that fails leaves the fold to the main thread.
   */
  private startFold(parts: StoredParts): boolean {
    const fold = this.foldInBackground;
    if (!fold || this.foldFailed) return false;
    if (this.folding) return true;
    this.folding = parts;
    fold(parts).then((state) => {
      const folded = parts.log.length;
      const same = this.state === parts.state && parts.log.every((segment, index) => this.log[index] === segment);
      if (!same) return;
      this.state = state;
      this.log = this.log.slice(folded);
      this.logLength = this.log.reduce((sum, segment) => sum + segment.length, 0);
      this.refold = true;
      this.onFolded();
    }, (error: unknown) => {
      console.error('Folding the stored log in the background failed; the tab folds it itself.', error);
      this.foldFailed = true;
    }).finally(() => {
      this.folding = null;
    });
    return true;
  }
}
