import { describe, expect, it } from 'vitest';
import { findCommand, WORKSPACE_COMMANDS } from './registry.ts';
import { clearWorkspace, importBackup, restoreWorkspace } from './workspace-commands.ts';

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
