// The workspace's commands as the user reaches them (issue 32): the one list the command palette, the shortcut
// sheet and the key bindings read. A command that changes data still goes through a named command of the domain:
// here it only says where the user goes (a screen, or a screen asked by a one-shot link parameter such as
// `?new=1`, use-link-params.ts) or which of the app's own actions runs. A screen's own keys (the board's cards, the
// map's nodes, the calendar's grid) are listed here too, without `run`, and the screens match them with
// `screenKeys` so the sheet and the handlers cannot differ.
import { APP_PATHS } from '../paths.ts';
import { chordMatches, type KeySequence } from './key-chords.ts';

export type CommandGroup = 'general' | 'navigate' | 'create' | 'board' | 'mindMap' | 'pages' | 'calendar';

/** What a command can do: the app shell gives these (use-app-shortcuts.ts, the palette). */
export interface CommandContext {
  /** The current path (without query). */
  path: string;
  navigate: (to: string) => void;
  openPalette: () => void;
  openShortcuts: () => void;
  undo: () => void;
  redo: () => void;
  toggleTheme: () => void;
}

export interface AppCommand {
  id: string;
  group: CommandGroup;
  /** Alternatives, each a sequence of chords; the first is the one shown in the palette. */
  keys?: readonly KeySequence[];
  /** Keys that also work while typing (Ctrl+K from the editor); others never fire in a text field. */
  whileTyping?: boolean;
  /** Whether it makes sense at this path; everywhere in the workspace when absent. */
  where?: (path: string) => boolean;
  /** Absent for a screen's own keys, which its handlers run; such commands are shown in the sheet only. */
  run?: (context: CommandContext) => void;
  /** Listed in the palette (not the palette's own key, nor a screen's keys). */
  inPalette?: boolean;
}

const PAGE_PATH = new RegExp(`^${APP_PATHS.pages}/[^/]+$`);
export const onPage = (path: string): boolean => PAGE_PATH.test(path);
const on = (screen: string) => (path: string) => path === screen;
const pageIdOf = (path: string) => decodeURIComponent(path.slice(APP_PATHS.pages.length + 1));

const SCREENS = [
  ['dashboard', 'd'], ['kanban', 'b'], ['garden', 'g'], ['projects', 'p'], ['pages', 'n'], ['calendar', 'c'], ['mindMap', 'm'], ['settings', 's'],
] as const satisfies ReadonlyArray<readonly [keyof typeof APP_PATHS, string]>;

export type ScreenName = (typeof SCREENS)[number][0];

export const APP_COMMANDS: readonly AppCommand[] = [
  { id: 'palette', group: 'general', keys: [['mod+k']], whileTyping: true, run: (context) => context.openPalette() },
  { id: 'shortcuts', group: 'general', keys: [['?']], run: (context) => context.openShortcuts(), inPalette: true },
  { id: 'undo', group: 'general', keys: [['mod+z']], run: (context) => context.undo(), inPalette: true },
  { id: 'redo', group: 'general', keys: [['mod+shift+z'], ['ctrl+y']], run: (context) => context.redo(), inPalette: true },
  { id: 'toggleTheme', group: 'general', run: (context) => context.toggleTheme(), inPalette: true },
  { id: 'exportData', group: 'general', run: (context) => context.navigate(`${APP_PATHS.settings}?export=1`), inPalette: true },

  ...SCREENS.map(([screen, key]): AppCommand => ({
    id: `goto.${screen}`, group: 'navigate', keys: [['g', key]], inPalette: true,
    where: (path) => path !== APP_PATHS[screen],
    run: (context) => context.navigate(APP_PATHS[screen]),
  })),

  { id: 'create.task', group: 'create', keys: [['c']], inPalette: true, run: (context) => context.navigate(`${APP_PATHS.kanban}?new=1`) },
  { id: 'create.page', group: 'create', keys: [['n']], inPalette: true, run: (context) => context.navigate(`${APP_PATHS.pages}?new=1`) },
  {
    id: 'create.subpage', group: 'create', inPalette: true, where: onPage,
    run: (context) => context.navigate(`${APP_PATHS.pages}/${encodeURIComponent(pageIdOf(context.path))}?new=1`),
  },
  { id: 'create.project', group: 'create', inPalette: true, run: (context) => context.navigate(`${APP_PATHS.projects}?new=1`) },
  { id: 'create.column', group: 'create', inPalette: true, where: on(APP_PATHS.kanban), run: (context) => context.navigate(`${APP_PATHS.kanban}?column=new`) },
  { id: 'create.node', group: 'create', inPalette: true, where: on(APP_PATHS.mindMap), run: (context) => context.navigate(`${APP_PATHS.mindMap}?new=1`) },

  // The screens' own keys.
  { id: 'board.open', group: 'board', keys: [['Enter']], where: on(APP_PATHS.kanban) },
  { id: 'board.pickUp', group: 'board', keys: [[' ']], where: on(APP_PATHS.kanban) },
  { id: 'board.move', group: 'board', keys: [['ArrowUp'], ['ArrowDown'], ['ArrowLeft'], ['ArrowRight']], where: on(APP_PATHS.kanban) },
  { id: 'board.delete', group: 'board', keys: [['Delete'], ['Backspace']], where: on(APP_PATHS.kanban) },
  { id: 'mindMap.select', group: 'mindMap', keys: [['ArrowUp'], ['ArrowDown'], ['ArrowLeft'], ['ArrowRight']], where: on(APP_PATHS.mindMap) },
  { id: 'mindMap.addChild', group: 'mindMap', keys: [['Tab']], where: on(APP_PATHS.mindMap) },
  { id: 'mindMap.addSibling', group: 'mindMap', keys: [['Enter']], where: on(APP_PATHS.mindMap) },
  { id: 'mindMap.rename', group: 'mindMap', keys: [['F2']], where: on(APP_PATHS.mindMap) },
  { id: 'mindMap.delete', group: 'mindMap', keys: [['Delete'], ['Backspace']], where: on(APP_PATHS.mindMap) },
  { id: 'pages.blockMenu', group: 'pages', keys: [['/']], where: onPage },
  { id: 'pages.tree.previous', group: 'pages', keys: [['ArrowUp']], where: on(APP_PATHS.pages) },
  { id: 'pages.tree.next', group: 'pages', keys: [['ArrowDown']], where: on(APP_PATHS.pages) },
  { id: 'pages.tree.first', group: 'pages', keys: [['Home']], where: on(APP_PATHS.pages) },
  { id: 'pages.tree.last', group: 'pages', keys: [['End']], where: on(APP_PATHS.pages) },
  { id: 'pages.tree.open', group: 'pages', keys: [['ArrowRight']], where: on(APP_PATHS.pages) },
  { id: 'pages.tree.close', group: 'pages', keys: [['ArrowLeft']], where: on(APP_PATHS.pages) },
  { id: 'pages.tree.delete', group: 'pages', keys: [['Delete'], ['Backspace']], where: on(APP_PATHS.pages) },
  { id: 'calendar.day', group: 'calendar', keys: [['ArrowLeft'], ['ArrowRight']], where: on(APP_PATHS.calendar) },
  { id: 'calendar.week', group: 'calendar', keys: [['ArrowUp'], ['ArrowDown']], where: on(APP_PATHS.calendar) },
  { id: 'calendar.weekEnds', group: 'calendar', keys: [['Home'], ['End']], where: on(APP_PATHS.calendar) },
  { id: 'calendar.month', group: 'calendar', keys: [['PageUp'], ['PageDown']], where: on(APP_PATHS.calendar) },
  { id: 'calendar.year', group: 'calendar', keys: [['shift+PageUp'], ['shift+PageDown']], where: on(APP_PATHS.calendar) },
  { id: 'calendar.open', group: 'calendar', keys: [['Enter'], [' ']], where: on(APP_PATHS.calendar) },
];

const byId = new Map(APP_COMMANDS.map((command) => [command.id, command]));

/** A command by id (a typo is a bug: it throws). */
export function appCommand(id: string): AppCommand {
  const command = byId.get(id);
  if (!command) throw new Error(`No app command '${id}'.`);
  return command;
}

/** The single-chord keys of a screen's own command, for its key handler to match (`chordMatches`). */
export function screenKeys(id: string): readonly string[] {
  return (appCommand(id).keys ?? []).map((sequence) => sequence[0]!);
}

/** Whether a key press is one of a screen's own command's keys. */
export function isScreenKey(id: string, event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  return screenKeys(id).some((chord) => chordMatches(event, chord));
}

/** The commands that make sense at `path`, in the registry's order. */
export function commandsAt(path: string): AppCommand[] {
  return APP_COMMANDS.filter((command) => command.where?.(path) ?? true);
}
