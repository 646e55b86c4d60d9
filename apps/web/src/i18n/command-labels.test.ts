import { WORKSPACE_COMMANDS } from '@grove/domain/commands/registry';
import { describe, expect, it } from 'vitest';
import workspace from './locales/en/workspace.json';

// Undo toasts name a command by its label ('Undone: Delete task'): every command needs one.
describe('command labels', () => {
  it('every registered workspace command has a label under "commands"', () => {
    const labels: Record<string, string> = workspace.commands;
    for (const command of WORKSPACE_COMMANDS) expect(labels[command.name], command.name).toMatch(/\S/);
  });
});
