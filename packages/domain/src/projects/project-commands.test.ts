import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDefaultStudioData } from '../workspace/defaults.ts';
import { createIdGenerator } from '../workspace/ids.ts';
import type { Project, StudioData } from '../workspace/model.ts';
import { diffWorkspace, revertPatch } from '../workspace/undo-patch.ts';
import { createProject, deleteProject, updateProject } from './project-commands.ts';

const NOW = new Date('2026-03-05T10:00:00.000Z');
const ids = createIdGenerator({ now: () => 1, random: () => 0.5 });

const withProjects = (...projects: Project[]): StudioData => ({ ...createDefaultStudioData(NOW, ids), projects });

const site: Project = {
  id: 'site', name: 'Website', description: 'Relaunch', status: 'active', priority: 'high', progress: 40, teamSize: 3,
  createdAt: '2026-03-01T09:00:00.000Z',
};

describe('createProject', () => {
  it('adds an active, medium project with progress 0 and a team of 1, created now, after the others', () => {
    const after = createProject.run(withProjects(site), { id: 'new', name: '  Mobile app  ', description: ' iOS first ' }, NOW);
    expect(after.projects.map((project) => project.id)).toEqual(['site', 'new']);
    expect(after.projects[1]).toEqual({
      id: 'new', name: 'Mobile app', description: 'iOS first', status: 'active', priority: 'medium', progress: 0, teamSize: 1,
      createdAt: NOW.toISOString(),
    });
  });

  it('takes the team size as typed: a whole number from 1; empty or not a number is 1', () => {
    const size = (teamSize: string | number) => createProject.run(withProjects(), { id: 'a', name: 'A', teamSize }, NOW).projects[0]?.teamSize;
    expect(size('6')).toBe(6);
    expect(size(3)).toBe(3);
    expect(size('')).toBe(1);
    expect(size('0')).toBe(1);
    expect(size('abc')).toBe(1);
  });

  it('stores a due date as an ISO timestamp, and none when it is empty', () => {
    const dated = createProject.run(withProjects(), { id: 'a', name: 'A', dueDate: '2026-04-01' }, NOW);
    expect(dated.projects[0]?.dueDate).toBe(new Date(2026, 3, 1).toISOString());
    const undated = createProject.run(withProjects(), { id: 'b', name: 'B', dueDate: '' }, NOW);
    expect(undated.projects[0]).not.toHaveProperty('dueDate');
  });

  it('does nothing for a blank name or an id already used', () => {
    const data = withProjects(site);
    expect(createProject.run(data, { id: 'x', name: '   ' }, NOW)).toBe(data);
    expect(createProject.run(data, { id: 'site', name: 'Again' }, NOW)).toBe(data);
  });
});

describe('updateProject', () => {
  it('changes only the fields given, clamping progress and team size', () => {
    const after = updateProject.run(withProjects(site), { id: 'site', status: 'on-hold', progress: '140', teamSize: '' }, NOW);
    expect(after.projects[0]).toEqual({ ...site, status: 'on-hold', progress: 100, teamSize: 1 });
  });

  it('reads a non-numeric progress as 0 and trims the name', () => {
    const after = updateProject.run(withProjects(site), { id: 'site', name: ' Site v2 ', progress: 'lots' }, NOW);
    expect(after.projects[0]).toMatchObject({ name: 'Site v2', progress: 0 });
  });

  it('sets a due date as an ISO timestamp and clears it when empty', () => {
    const dated = updateProject.run(withProjects(site), { id: 'site', dueDate: '2026-06-30' }, NOW);
    expect(dated.projects[0]?.dueDate).toBe(new Date(2026, 5, 30).toISOString());
    const cleared = updateProject.run(dated, { id: 'site', dueDate: '' }, NOW);
    expect(cleared.projects[0]).not.toHaveProperty('dueDate');
  });

  it('refuses a blank name, ignores unknown statuses and priorities, and keeps fields it does not know', () => {
    const extra = { ...site, colour: 'teal' } as Project;
    const data = withProjects(extra);
    expect(updateProject.run(data, { id: 'site', name: ' ', progress: 10 }, NOW)).toBe(data);
    const after = updateProject.run(data, { id: 'site', status: 'archived' as never, priority: 'urgent' as never, progress: 50 }, NOW);
    expect(after.projects[0]).toEqual({ ...extra, progress: 50 });
  });

  it('returns the same data when nothing changes or the project is unknown', () => {
    const data = withProjects(site);
    expect(updateProject.run(data, { id: 'site', name: 'Website', progress: 40 }, NOW)).toBe(data);
    expect(updateProject.run(data, { id: 'nope', name: 'X' }, NOW)).toBe(data);
  });
});

describe('deleteProject', () => {
  it('removes the project, is destructive (Undo is offered) and is undone by its patch', () => {
    const other: Project = { ...site, id: 'other', name: 'Other' };
    const before = withProjects(site, other);
    const after = deleteProject.run(before, { id: 'site' }, NOW);
    expect(after.projects.map((project) => project.id)).toEqual(['other']);
    expect(deleteProject.destructive).toBe(true);
    expect(revertPatch(after, diffWorkspace(before, after))).toEqual({ ok: true, data: before });
  });

  it('changes nothing for an unknown id', () => {
    const data = withProjects(site);
    expect(deleteProject.run(data, { id: 'nope' }, NOW)).toBe(data);
  });
});

describe('project commands (properties)', () => {
  it('never lose a project, duplicate an id, or store a value outside its range', () => {
    const command = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), id: fc.constantFrom('p1', 'p2', 'p3'), name: fc.string({ maxLength: 6 }) }),
      fc.record({
        kind: fc.constant('update' as const), id: fc.constantFrom('p1', 'p2', 'p3'),
        progress: fc.oneof(fc.string({ maxLength: 4 }), fc.double()), teamSize: fc.oneof(fc.string({ maxLength: 4 }), fc.double()),
      }),
      fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom('p1', 'p2', 'p3') }),
    );
    fc.assert(fc.property(fc.array(command, { maxLength: 25 }), (steps) => {
      let data = withProjects();
      const alive = new Set<string>();
      for (const step of steps) {
        if (step.kind === 'create') {
          data = createProject.run(data, { id: step.id, name: step.name }, NOW);
          if (step.name.trim() !== '') alive.add(step.id);
        } else if (step.kind === 'update') {
          data = updateProject.run(data, { id: step.id, progress: step.progress, teamSize: step.teamSize }, NOW);
        } else {
          data = deleteProject.run(data, { id: step.id }, NOW);
          alive.delete(step.id);
        }
        const projectIds = data.projects.map((project) => project.id);
        expect(new Set(projectIds).size).toBe(projectIds.length);
        expect(new Set(projectIds)).toEqual(alive);
        for (const project of data.projects) {
          expect(Number.isInteger(project.progress) && project.progress >= 0 && project.progress <= 100).toBe(true);
          expect(Number.isInteger(project.teamSize) && project.teamSize >= 1).toBe(true);
        }
      }
    }), { seed: 20261124, numRuns: 300 });
  });
});
