import { reevaluateGardenCommand } from '../garden/reevaluate-garden.ts';
import { addColumn, deleteColumn, moveColumn, renameColumn } from '../kanban/column-commands.ts';
import { moveTask, moveTaskToColumn } from '../kanban/move-commands.ts';
import { clearCompleted, createTask, deleteTask, updateTask } from '../kanban/task-commands.ts';
import {
  addMindMapNode, connectMindMapNodes, deleteMindMapNode, importMindMap, layoutMindMap, moveMindMapNodes, renameMindMapNode,
  setMindMapNodeColor,
} from '../mindmap/mind-map-commands.ts';
import { createPage, deletePage, renamePage, setPageCover, setPageIcon, updatePageBlocks } from '../pages/page-commands.ts';
import { createProject, deleteProject, updateProject } from '../projects/project-commands.ts';
import type { WorkspaceCommand } from '../workspace/command.ts';
import { clearWorkspace, importBackup, restoreWorkspace } from './workspace-commands.ts';

// Every workspace command, by name: today the list the tests check (each has a unique name and a label in the
// locale, `commands.<name>`, which undo toasts show). Keyboard shortcuts and the command palette (issue 32) are
// to read it; they do not exist yet. A screen's commands are added here when the screen is built. As it lists every
// feature's commands it stands above them all, out of workspace/, which imports no feature (decision 062).

// `never` input: the list holds commands of any input (a command's input type is checked where it is dispatched).
export const WORKSPACE_COMMANDS: readonly WorkspaceCommand<never>[] = [
  clearWorkspace, importBackup, restoreWorkspace,
  createTask, updateTask, deleteTask, moveTask, moveTaskToColumn, clearCompleted,
  addColumn, renameColumn, deleteColumn, moveColumn,
  reevaluateGardenCommand,
  createProject, updateProject, deleteProject,
  createPage, renamePage, setPageIcon, setPageCover, updatePageBlocks, deletePage,
  addMindMapNode, deleteMindMapNode, renameMindMapNode, setMindMapNodeColor, moveMindMapNodes, layoutMindMap, importMindMap,
  connectMindMapNodes,
];

export function findCommand(name: string): WorkspaceCommand<never> | undefined {
  return WORKSPACE_COMMANDS.find((command) => command.name === name);
}
