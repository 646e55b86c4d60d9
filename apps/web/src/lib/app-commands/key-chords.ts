// Key chords as the command registry writes them (app-commands.ts): 'g', '?', 'Enter', 'mod+k', 'mod+shift+z',
// 'ctrl+y'. 'mod' is ⌘ on Apple systems and Ctrl elsewhere; a shortcut is a sequence of chords ('g' then 'b').

export type Chord = string;
export type KeySequence = readonly Chord[];

interface ParsedChord {
  key: string;
  mod: boolean;
  ctrl: boolean;
  shift: boolean;
}

function parse(chord: Chord): ParsedChord {
  const parts = chord.split('+');
  // '+' itself would be the last, empty part: no chord of ours uses it.
  const key = parts.at(-1) ?? '';
  return { key, mod: parts.includes('mod'), ctrl: parts.includes('ctrl'), shift: parts.includes('shift') };
}

export const isApple = (platform = typeof navigator === 'undefined' ? '' : navigator.platform): boolean => /mac|iphone|ipad|ipod/i.test(platform);

/** Whether a key press is this chord. A printed symbol ('?') is matched as typed, whatever Shift it took. */
export function chordMatches(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>, chord: Chord, apple = isApple()): boolean {
  const wanted = parse(chord);
  if (event.altKey) return false;
  const letter = /^[a-z0-9]$/i.test(wanted.key);
  if (letter ? event.key.toLowerCase() !== wanted.key : event.key !== wanted.key) return false;
  // 'mod' is Ctrl or ⌘; 'ctrl' is Ctrl everywhere (Ctrl+Y redoes on Windows and Linux).
  if (event.ctrlKey !== (wanted.ctrl || (wanted.mod && !apple)) || event.metaKey !== (wanted.mod && apple)) return false;
  // A symbol's Shift is part of typing it; a letter's is part of the chord.
  return letter || wanted.key.length > 1 ? event.shiftKey === wanted.shift : true;
}

const NAMES: Readonly<Record<string, string>> = {
  ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→', Enter: 'Enter', Escape: 'Esc', Delete: 'Delete',
  Backspace: 'Backspace', Tab: 'Tab', ' ': 'Space', Home: 'Home', End: 'End', F2: 'F2', PageUp: 'Page Up', PageDown: 'Page Down',
};

/** The keys of a chord as shown to the user, one label per key: ['Ctrl', 'K'] or ['⌘', 'K']. */
export function chordLabels(chord: Chord, apple = isApple()): string[] {
  const { key, mod, ctrl, shift } = parse(chord);
  const labels: string[] = [];
  if (ctrl) labels.push(apple ? '⌃' : 'Ctrl');
  if (mod) labels.push(apple ? '⌘' : 'Ctrl');
  if (shift) labels.push(apple ? '⇧' : 'Shift');
  labels.push(NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key));
  return labels;
}

/**
 * Where typing goes: a key there is text, not a shortcut (an input, a text area, a select, the editor). Buttons,
 * checkboxes and the like are not typing.
 */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset'].includes(target.type);
}
