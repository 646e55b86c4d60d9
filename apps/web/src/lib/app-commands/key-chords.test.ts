import { describe, expect, it } from 'vitest';
import paletteTexts from '@/i18n/locales/en/command-palette.json';
import { APP_COMMANDS, commandsAt, isScreenKey, onPage, screenKeys } from './app-commands.ts';
import { chordLabels, chordMatches } from './key-chords.ts';
import { matchShortcut } from './shortcut-match.ts';
import { APP_PATHS } from '../paths.ts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('key chords', () => {
  it('reads mod as Ctrl, or ⌘ on Apple systems', () => {
    expect(chordMatches(key('k', { ctrlKey: true }), 'mod+k', false)).toBe(true);
    expect(chordMatches(key('k', { metaKey: true }), 'mod+k', false)).toBe(false);
    expect(chordMatches(key('k', { metaKey: true }), 'mod+k', true)).toBe(true);
    expect(chordMatches(key('K', { ctrlKey: true, shiftKey: true }), 'mod+k', false)).toBe(false);
    expect(chordMatches(key('Z', { ctrlKey: true, shiftKey: true }), 'mod+shift+z', false)).toBe(true);
    expect(chordMatches(key('y', { ctrlKey: true }), 'ctrl+y', true)).toBe(true);
    expect(chordMatches(key('g'), 'g')).toBe(true);
    expect(chordMatches(key('G', { shiftKey: true }), 'g')).toBe(false);
    expect(chordMatches(key('g', { ctrlKey: true }), 'g', false)).toBe(false);
    // A symbol is matched as typed, whatever Shift it needed on this keyboard.
    expect(chordMatches(key('?', { shiftKey: true }), '?')).toBe(true);
    expect(chordMatches(key('Tab', { shiftKey: true }), 'Tab')).toBe(false);
  });

  it('labels each key for its system', () => {
    expect(chordLabels('mod+k', false)).toEqual(['Ctrl', 'K']);
    expect(chordLabels('mod+shift+z', true)).toEqual(['⌘', '⇧', 'Z']);
    expect(chordLabels('ArrowUp')).toEqual(['↑']);
    expect(chordLabels(' ')).toEqual(['Space']);
  });
});

describe('the command registry', () => {
  it('has unique ids, and no two commands of one place share keys', () => {
    expect(new Set(APP_COMMANDS.map((command) => command.id)).size).toBe(APP_COMMANDS.length);
    for (const path of [...Object.values(APP_PATHS), `${APP_PATHS.pages}/page-1`]) {
      const seen = new Map<string, string>();
      for (const command of commandsAt(path).filter((each) => each.run)) {
        for (const keys of command.keys ?? []) {
          const id = keys.join(' ');
          expect(seen.get(id), `${path}: ${id}`).toBeUndefined();
          seen.set(id, command.id);
        }
      }
    }
  });

  it('finds a sequence, a lone key, or the start of a sequence', () => {
    const commands = commandsAt(APP_PATHS.dashboard);
    expect(matchShortcut(commands, key('g'), null)).toEqual({ pending: 'g' });
    expect(matchShortcut(commands, key('s'), 'g').command?.id).toBe('goto.settings');
    expect(matchShortcut(commands, key('c'), null).command?.id).toBe('create.task');
    expect(matchShortcut(commands, key('x'), 'g')).toEqual({});
  });

  it('offers a subpage only on a page, a column only on the board, a node only on the map', () => {
    const ids = (path: string) => commandsAt(path).map((command) => command.id);
    expect(onPage(`${APP_PATHS.pages}/abc`)).toBe(true);
    expect(ids(`${APP_PATHS.pages}/abc`)).toContain('create.subpage');
    expect(ids(APP_PATHS.pages)).not.toContain('create.subpage');
    expect(ids(APP_PATHS.kanban)).toContain('create.column');
    expect(ids(APP_PATHS.dashboard)).not.toContain('create.column');
    expect(ids(APP_PATHS.mindMap)).toContain('create.node');
    expect(screenKeys('mindMap.addChild')).toEqual(['Tab']);
  });

  it('matches the keys of a screen as the registry lists them, modifiers included', () => {
    const press = (key: string, shiftKey = false) => ({ key, shiftKey, ctrlKey: false, metaKey: false, altKey: false });
    expect(isScreenKey('pages.tree.delete', press('Backspace'))).toBe(true);
    expect(isScreenKey('pages.tree.delete', press('Escape'))).toBe(false);
    expect(isScreenKey('calendar.month', press('PageDown'))).toBe(true);
    expect(isScreenKey('calendar.month', press('PageDown', true))).toBe(false);
    expect(isScreenKey('calendar.year', press('PageDown', true))).toBe(true);
    expect(() => isScreenKey('calendar.nowhere', press('Enter'))).toThrow(/No app command/);
  });

  it('names every command in the locale the palette and the sheet read', () => {
    const label = (id: string) => id.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], paletteTexts.palette.commands);
    for (const command of APP_COMMANDS) expect(typeof label(command.id), command.id).toBe('string');
  });
});
