import type { StudioData } from './model.ts';

/**
 * A named workspace change: `run(data, input, now) → data`, pure. Everything that varies (ids, random
 * choices, the time) is in `input` or `now`, fixed when the user acts, so running the same command again on
 * newer data (another tab saved first) gives the same result, and undo (and later shortcuts and a command palette,
 * issue 32) share one definition. `run` returns `data` itself when nothing changes.
 */
export interface WorkspaceCommand<Input> {
  /** Unique; also the key of its label in the web app's locale (`commands.<name>`). */
  readonly name: string;
  /** Deletes or replaces something the user made: the screens offer Undo on its success toast. */
  readonly destructive: boolean;
  run(data: StudioData, input: Input, now: Date): StudioData;
}

export function defineCommand<Input>(
  name: string,
  run: (data: StudioData, input: Input, now: Date) => StudioData,
  options: { destructive?: boolean } = {},
): WorkspaceCommand<Input> {
  return { name, destructive: options.destructive ?? false, run };
}

/** A command with its input and time fixed: what the store applies, keeps for replay, and labels in undo. */
export interface CommandCall {
  readonly name: string;
  readonly destructive: boolean;
  readonly at: Date;
  readonly run: (data: StudioData) => StudioData;
}

export function bindCommand<Input>(command: WorkspaceCommand<Input>, input: Input, at: Date): CommandCall {
  return { name: command.name, destructive: command.destructive, at, run: (data) => command.run(data, input, at) };
}
