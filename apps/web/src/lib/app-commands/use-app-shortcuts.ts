import { useEffect, useRef } from 'react';
import { commandsAt, type CommandContext } from './app-commands.ts';
import { isTextEntry, type Chord } from './key-chords.ts';
import { matchShortcut, SEQUENCE_TIMEOUT_MS } from './shortcut-match.ts';

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);
/** Where keys belong to what is open: a dialog, a menu, a list. */
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * The workspace's key bindings, from the command registry: one listener on the window. Keys never fire while the
 * user types (a field, the editor), composes with an IME, or works in a dialog or menu, except those marked to
 * (Ctrl/⌘+K); a key a screen handled itself (defaultPrevented) is left alone.
 */
export function useAppShortcuts(context: CommandContext): void {
  const latest = useRef(context);
  useEffect(() => {
    latest.current = context;
  });
  useEffect(() => {
    let pending: { chord: Chord; at: number } | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.keyCode === 229 || MODIFIERS.has(event.key)) return;
      const busy = isTextEntry(event.target) || (event.target instanceof Element && event.target.closest(OVERLAY) !== null);
      const current = latest.current;
      const commands = commandsAt(current.path).filter((command) => command.run && (!busy || command.whileTyping));
      const now = Date.now();
      const waiting = pending !== null && now - pending.at < SEQUENCE_TIMEOUT_MS ? pending.chord : null;
      const found = matchShortcut(commands, event, waiting);
      pending = found.pending === undefined ? null : { chord: found.pending, at: now };
      if (!found.command?.run) return;
      event.preventDefault();
      found.command.run(current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
