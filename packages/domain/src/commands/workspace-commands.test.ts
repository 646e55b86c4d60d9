import { describe, expect, it } from 'vitest';
import { bindCommand } from '../workspace/command.ts';
import { createDefaultStudioData } from '../workspace/defaults.ts';
import { idsFromSeed, newIdSeed } from '../workspace/ids.ts';
import { clearWorkspace, importBackup, restoreWorkspace } from './workspace-commands.ts';

const now = new Date('2026-03-05T10:00:00.000Z');

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
