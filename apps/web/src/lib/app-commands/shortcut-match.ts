import type { AppCommand } from './app-commands.ts';
import { chordMatches, type Chord } from './key-chords.ts';

/** How long the first key of a sequence ('g') waits for the second. */
export const SEQUENCE_TIMEOUT_MS = 1500;

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

export interface ShortcutMatch {
  /** The command the key completes, if any. */
  command?: AppCommand;
  /** The first chord of a sequence this key started, to wait for the next key with. */
  pending?: Chord;
}

/**
 * What one key press does among `commands`, given the first key of a sequence pressed just before (`pending`):
 * completes a sequence, runs a one-key command, or starts a sequence. A key that completes nothing after a
 * pending one is read afresh ('g' then 'c' is the calendar; 'x' then 'c' creates a task).
 */
export function matchShortcut(commands: readonly AppCommand[], event: KeyLike, pending: Chord | null): ShortcutMatch {
  if (pending !== null) {
    for (const command of commands) {
      if (command.keys?.some((keys) => keys.length === 2 && keys[0] === pending && chordMatches(event, keys[1]!))) return { command };
    }
  }
  for (const command of commands) {
    if (command.keys?.some((keys) => keys.length === 1 && chordMatches(event, keys[0]!))) return { command };
  }
  for (const command of commands) {
    const started = command.keys?.find((keys) => keys.length > 1 && chordMatches(event, keys[0]!));
    if (started) return { pending: started[0] };
  }
  return {};
}
