import { isPriority } from '../kanban/task-fields.ts';
import { defineCommand } from '../workspace/command.ts';
import type { Priority, Project, ProjectStatus, StudioData } from '../workspace/model.ts';
import { withOptional } from '../workspace/optional-field.ts';
import { deepEqual } from '../workspace/undo-patch.ts';
import { dueDateToIso, isBlankName, isProjectStatus, parseProgress, parseTeamSize } from './project-fields.ts';

// The project commands (docs/product.md, Projects). Ids come in the input (generateId('project')), made when
// the user acts, so a replay on another tab's newer data makes the same project.

export interface CreateProjectInput {
  readonly id: string;
  /** Required: blank after trimming creates nothing (the modal says nothing either). Stored trimmed. */
  readonly name: string;
  readonly description?: string;
  /** 'YYYY-MM-DD' from the date input; empty or missing: none. Stored as an ISO timestamp. */
  readonly dueDate?: string | null;
  /** As typed: a whole number, at least 1; empty, missing or not a number → 1. */
  readonly teamSize?: string | number;
}

/** A new project: active, medium priority, progress 0, the team size given (1 by default), created now; added last. */
export const createProject = defineCommand<CreateProjectInput>('createProject', (data, input, now) => {
  if (isBlankName(input.name) || input.id === '' || data.projects.some((project) => project.id === input.id)) return data;
  const dueDate = dueDateToIso(input.dueDate);
  const project: Project = {
    id: input.id,
    name: input.name.trim(),
    description: (input.description ?? '').trim(),
    status: 'active',
    priority: 'medium',
    progress: 0,
    teamSize: parseTeamSize(input.teamSize ?? 1),
    ...(dueDate === undefined ? {} : { dueDate }),
    createdAt: now.toISOString(),
  };
  return { ...data, projects: [...data.projects, project] };
});

export interface UpdateProjectInput {
  readonly id: string;
  /** Missing: unchanged. Blank after trimming: the whole edit is refused. */
  readonly name?: string;
  readonly description?: string;
  readonly status?: ProjectStatus;
  readonly priority?: Priority;
  /** As typed: 0–100, not a number → 0. */
  readonly progress?: string | number;
  /** As typed: a whole number ≥ 1, empty → 1. */
  readonly teamSize?: string | number;
  /** Missing: unchanged; '' or null: cleared; 'YYYY-MM-DD': that day as an ISO timestamp. */
  readonly dueDate?: string | null;
}

/** The edit modal's save: only the fields given change; the project's other fields, known or not, are kept. */
export const updateProject = defineCommand<UpdateProjectInput>('updateProject', (data, input) => {
  const project = data.projects.find((candidate) => candidate.id === input.id);
  if (!project) return data;
  if (input.name !== undefined && isBlankName(input.name)) return data;
  const edited: Project = {
    ...project,
    ...(input.name === undefined ? {} : { name: input.name.trim() }),
    ...(input.description === undefined ? {} : { description: input.description.trim() }),
    ...(isProjectStatus(input.status) ? { status: input.status } : {}),
    ...(isPriority(input.priority) ? { priority: input.priority } : {}),
    ...(input.progress === undefined ? {} : { progress: parseProgress(input.progress) }),
    ...(input.teamSize === undefined ? {} : { teamSize: parseTeamSize(input.teamSize) }),
  };
  const next = input.dueDate === undefined ? edited : withOptional(edited, 'dueDate', dueDateToIso(input.dueDate));
  if (deepEqual(next, project)) return data;
  return { ...data, projects: data.projects.map((candidate) => (candidate === project ? next : candidate)) };
});

/** After a confirm; the screen offers Undo on its toast. */
export const deleteProject = defineCommand<{ readonly id: string }>('deleteProject', (data: StudioData, { id }) => {
  const projects = data.projects.filter((project) => project.id !== id);
  return projects.length === data.projects.length ? data : { ...data, projects };
}, { destructive: true });
