import { describe, expect, it } from 'vitest';
import { bindCommand } from '../workspace/command.ts';
import { createDefaultStudioData } from '../workspace/defaults.ts';
import { idsFromSeed, newIdSeed } from '../workspace/ids.ts';
import { findCommand, WORKSPACE_COMMANDS } from './registry.ts';
import { clearWorkspace, importBackup, restoreWorkspace } from './workspace-commands.ts';

const now = new Date('2026-03-05T10:00:00.000Z');

describe('command registry', () => {
  it('names every command once, as a locale-key-safe identifier', () => {
    const names = WORKSPACE_COMMANDS.map((command) => command.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][A-Za-z]*$/);
    expect(findCommand('clearWorkspace')).toBe(clearWorkspace);
    expect(findCommand('nope')).toBeUndefined();
  });

  it('marks the commands that delete or replace what the user made as destructive', () => {
    expect([clearWorkspace, importBackup, restoreWorkspace].every((command) => command.destructive)).toBe(true);
    expect(['deleteMindMapNode', 'importMindMap'].every((name) => findCommand(name)?.destructive)).toBe(true);
    expect(['addMindMapNode', 'moveMindMapNodes', 'layoutMindMap'].some((name) => findCommand(name)?.destructive)).toBe(false);
  });
});

describe('workspace commands replay the same', () => {
  it('Clear All with a fixed seed makes the same seed-board ids every time it runs', () => {
    const seed = newIdSeed(now.getTime(), () => 0.25);
    const data = createDefaultStudioData(now, idsFromSeed({ time: 5, salt: 9 }));
    const call = bindCommand(clearWorkspace, { idSeed: seed }, now);
    const first = call.run(data);
    expect(call.run({ ...data, projects: [] })).toEqual(first);
    expect(Object.keys(first.kanbanBoard.items)).not.toEqual(Object.keys(data.kanbanBoard.items));
  });

  it('import replaces the sections present and keeps the rest', () => {
    const data = { ...createDefaultStudioData(now, idsFromSeed({ time: 5, salt: 9 })), pages: [] };
    const gamification = { score: 120, level: 2, streak: 1, lastCompletedDate: null, unlockedDecorations: ['flowers' as const] };
    const next = importBackup.run(data, { backup: { projects: [], gamification }, idSeed: { time: 1, salt: 2 } }, now);
    expect(next.gamification.score).toBe(120);
    expect(next.kanbanBoard).toBe(data.kanbanBoard);
  });

  it('restore gives back the restore point\'s data', () => {
    const saved = createDefaultStudioData(now, idsFromSeed({ time: 7, salt: 7 }));
    expect(restoreWorkspace.run(createDefaultStudioData(now), { data: saved }, now)).toBe(saved);
  });
});

describe('idsFromSeed', () => {
  it('makes the same ids for the same seed and different ones for another salt', () => {
    const take = (salt: number) => {
      const ids = idsFromSeed({ time: 1000, salt });
      return [ids('item'), ids('item')];
    };
    expect(take(1)).toEqual(take(1));
    expect(take(1)).not.toEqual(take(2));
    expect(take(1)[0]).toMatch(/^item-1000-[0-9a-z]{6}$/);
  });
});
