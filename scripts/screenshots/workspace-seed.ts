import { decorationsForLevel, levelForScore } from '../../packages/domain/src/gamification/levels.ts';
import { reevaluateGarden } from '../../packages/domain/src/garden/reevaluate-garden.ts';
import { moveTaskToColumn } from '../../packages/domain/src/kanban/move-commands.ts';
import { clearCompleted, createTask } from '../../packages/domain/src/kanban/task-commands.ts';
import { addMindMapNode, layoutMindMap, renameMindMapNode, setMindMapNodeColor, type MindMapColor } from '../../packages/domain/src/mindmap/mind-map-commands.ts';
import { createPage, renamePage, setPageCover, setPageIcon, updatePageBlocks } from '../../packages/domain/src/pages/page-commands.ts';
import { createProject, updateProject } from '../../packages/domain/src/projects/project-commands.ts';
import { CENTRAL_IDEA_NODE_ID, createDefaultColumns, createDefaultStudioData } from '../../packages/domain/src/workspace/defaults.ts';
import { idsFromSeed } from '../../packages/domain/src/workspace/ids.ts';
import { addLocalDays, toLocalIsoDate } from '../../packages/domain/src/workspace/iso-date.ts';
import { loadWorkspace } from '../../packages/domain/src/workspace/load.ts';
import type { Block, Priority, ProjectStatus, StudioData } from '../../packages/domain/src/workspace/model.ts';
import { createEnvelope, type StoredEnvelope } from '../../packages/domain/src/workspace/schema-version.ts';
import { landscapeDataUrl, PALETTES } from '../../tooling/cover-images.ts';

// The workspace the screenshots show, made with the domain's own defaults and commands (STYLE.md 2), so its
// shape is whatever the current model is and the app loads it without repairs (checked at the end). Dates are
// relative to `now`, so due dates land around today on the calendar whatever day the script runs.

type ColumnId = 'todo' | 'in-progress' | 'under-review' | 'finished';
/** Column, title, priority, tags, due in days from today (null: none), description. */
type TaskRow = [ColumnId, string, Priority, string[], number | null, string?];

const TASKS: TaskRow[] = [
  ['todo', 'Draft the Q3 roadmap', 'high', ['planning'], 3, 'Collect the top requests from support and the team, then rank them by effort and impact.'],
  ['todo', 'Prepare slides for the town hall', 'medium', ['presentations'], 1],
  ['todo', 'Renew the domain names', 'high', ['admin'], -1, 'Both domains expire this month; the registrar login is in the shared vault.'],
  ['todo', 'Review accessibility audit findings', 'high', ['accessibility', 'web'], 2],
  ['todo', 'Investigate why the nightly export job sometimes produces an empty archive when the workspace holds more than two thousand pages with cover images', 'medium', ['bug', 'export'], 5],
  ['todo', 'Write onboarding checklist for new hires', 'medium', ['hr', 'docs'], 8],
  ['todo', 'Update the privacy policy wording', 'medium', ['legal'], -4],
  ['todo', 'Book a venue for the team offsite', 'medium', ['events'], 12, 'Somewhere within two hours by train, for twelve people, with a room for workshops.'],
  ['todo', 'Plan the newsletter for next month', 'low', ['marketing'], 18],
  ['todo', 'Collect quotes from three printers', 'low', ['events'], 20],
  ['todo', 'Order replacement laptop chargers', 'low', ['office'], null],
  ['todo', 'Sketch icons for the mobile app', 'low', ['design'], null],
  ['in-progress', 'Redesign the pricing page', 'high', ['design', 'web'], 4, 'Three plans side by side, the free plan first. Keep the comparison table short.'],
  ['in-progress', 'Interview candidates for the support role', 'high', ['hr'], 0],
  ['in-progress', 'Fix the calendar week numbers', 'high', ['bug', 'calendar'], -6, 'Week 53 shows as week 1 in some years. Compare with the ISO rules.'],
  ['in-progress', 'Migrate the blog images to WebP', 'medium', ['web', 'performance'], -2],
  ['in-progress', 'Draft the conference talk abstract', 'medium', ['presentations'], 2],
  ['in-progress', 'Write the garden feature announcement', 'medium', ['marketing', 'garden'], 6],
  ['in-progress', 'Test the board with 5,000 cards', 'medium', ['performance', 'kanban'], 7],
  ['in-progress', 'Translate the landing page into Spanish', 'medium', ['i18n'], 9],
  ['in-progress', 'Refactor the export module', 'low', ['tech debt'], 14],
  ['in-progress', 'Set up the shared inbox rules', 'low', ['admin'], null],
  ['under-review', 'Kanban keyboard shortcuts', 'high', ['accessibility', 'kanban'], 1, 'Space to pick up, arrows to move, Space to drop; announced to screen readers.'],
  ['under-review', 'Budget for the next quarter', 'high', ['finance'], 3],
  ['under-review', 'Security review of the admin login', 'high', ['security'], 4],
  ['under-review', 'Dark mode colour contrast fixes', 'medium', ['design', 'accessibility'], -1],
  ['under-review', 'Release notes for version 2.4', 'medium', ['docs'], 2],
  ['under-review', 'New onboarding emails', 'medium', ['marketing'], 5],
  ['under-review', 'Mind map PNG export', 'low', ['mind map'], 10],
  ['under-review', 'Contract with the cleaning company', 'low', ['office'], null],
  ['finished', 'Set up the project board', 'high', ['planning'], -5],
  ['finished', 'Choose a font for the website', 'medium', ['design'], -4],
  ['finished', 'Send invoices for March', 'high', ['finance'], -3],
  ['finished', 'Publish the getting-started post', 'medium', ['marketing'], -3],
  ['finished', 'Fix typo on the About page', 'low', ['web'], null],
  ['finished', 'Back up the design files', 'medium', ['admin'], -2],
  ['finished', 'Write the weekly review template', 'low', ['docs', 'planning'], -1],
  ['finished', 'Call the accountant', 'medium', ['finance'], 0],
  ['finished', 'Order business cards', 'low', ['office'], null],
  ['finished', 'Clean up the shared drive', 'low', ['admin'], 0],
];

/** Finished earlier and cleared from the board: their trees stay as the garden's record, at these stages. */
const CLEARED_TASKS: [string, number][] = [
  ['Launch the public beta', 3], ['Hire a designer', 3], ['Write the style guide', 2], ['Move the blog to the new server', 3],
  ['Plan the spring campaign', 2], ['Set up the support inbox', 1], ['Record the product demo', 3], ['Sign the office lease', 2],
];

/** Name, description, status, priority, progress, team size, due in days (null: none). */
type ProjectRow = [string, string, ProjectStatus, Priority, number, number, number | null];

const PROJECTS: ProjectRow[] = [
  ['Website redesign', 'Refresh the landing page, blog templates and pricing page before the autumn launch.', 'active', 'high', 45, 4, 10],
  ['Mobile app beta', 'An installable app for phones with the board and pages offline.', 'active', 'high', 20, 6, 25],
  ['Quarterly report', 'Collect the numbers and write the summary for the team.', 'on-hold', 'medium', 10, 1, 3],
  ['Move to the new office', 'Pack, label and move the studio equipment.', 'completed', 'low', 100, 5, -12],
  ['Customer interviews', 'Twelve interviews with people who use the garden every day.', 'active', 'medium', 60, 2, 6],
  ['Brand guidelines', 'Logo, colours, type and tone of voice in one document.', 'completed', 'medium', 100, 3, -20],
  ['Support knowledge base', 'Answers to the fifty most common questions.', 'active', 'low', 35, 2, 15],
  ['Hiring: support engineer', 'From job post to signed offer.', 'active', 'high', 70, 3, 2],
  ['Annual conference talk', 'A talk about local-first software for the autumn conference.', 'on-hold', 'low', 5, 1, null],
  ['Accessibility audit', 'An external audit of the workspace against WCAG 2.2 AA, and the fixes.', 'active', 'high', 80, 2, -3],
  ['Spanish translation', 'The public site and the workspace in Spanish.', 'active', 'medium', 15, 2, 21],
  [
    'Company-wide migration from the legacy document store to the new workspace, including the archive of every project since 2015',
    'Every team moves its documents, boards and notes from the old document store. The archive is read-only after the move; each team names one person who checks that nothing was lost, and the old store is switched off only when all of them have signed off. Budget and timeline are in the linked page.',
    'on-hold', 'high', 50, 12, 28,
  ],
];

/** Key, parent key, icon, title. The rich page and the cover page get their own content below. */
const PAGES: [string, string | null, string, string][] = [
  ['handbook', null, '📘', 'Team handbook'],
  ['onboarding', 'handbook', '👋', 'Onboarding'],
  ['first-week', 'onboarding', '✅', 'First week checklist'],
  ['accounts', 'onboarding', '🔑', 'Accounts and access'],
  ['holidays', 'handbook', '🏖️', 'Holidays and time off'],
  ['communication', 'handbook', '💬', 'How we communicate'],
  ['meetings', null, '🗓️', 'Meeting notes'],
  ['sync-1', 'meetings', '📝', 'Weekly sync: planning'],
  ['sync-2', 'meetings', '📝', 'Weekly sync: hiring'],
  ['sync-3', 'meetings', '📝', 'Weekly sync: launch week'],
  ['retro', 'meetings', '🚀', 'Launch retrospective'],
  ['ideas', null, '🌱', 'Product ideas'],
  ['garden-themes', 'ideas', '💡', 'Garden themes'],
  ['tour', 'ideas', '🧭', 'Onboarding tour v2'],
  ['tour-art', 'tour', '🎨', 'Tour illustrations'],
  ['reading', null, '📚', 'Reading list'],
  ['lisbon', null, '✈️', 'Trip to Lisbon'],
  ['packing', 'lisbon', '🧳', 'Packing list'],
  ['restaurants', 'lisbon', '🍽️', 'Restaurants'],
  ['experiments', null, '🧪', 'Experiments'],
];

/** Type, HTML, checked (todos). */
const RICH_BLOCKS: [Block['type'], string, boolean?][] = [
  ['heading', 'What went well'],
  ['paragraph', 'The launch landed on the <strong>planned day</strong>, and the <a href="https://example.com/status">status page</a> stayed green all week.'],
  ['paragraph', 'Support answered every message within <em>four hours</em>, even on the busiest day.'],
  ['todo', 'Send thank-you notes to the beta testers', true],
  ['todo', 'Share the launch numbers with the team', true],
  ['heading', 'What to change'],
  ['paragraph', 'The release checklist lived in three places. Next time it is <strong>one page</strong>, linked from the board.'],
  ['todo', 'Merge the checklists into this page', false],
  ['todo', 'Book the retro for the next launch before it starts', false],
  ['todo', 'Write down who owns the status page', false],
  ['heading', 'Next steps'],
  ['paragraph', 'Keep the weekly sync to thirty minutes and move anything longer into its own page.'],
];

/** Parent label (null: the central idea), label, colour. */
const MIND_MAP: [string | null, string, MindMapColor | null][] = [
  [null, 'Marketing', '#fee2e2'], [null, 'Product', '#dbeafe'], [null, 'Support', '#d1fae5'],
  ['Marketing', 'Blog post series', null], ['Marketing', 'Newsletter', null], ['Marketing', 'Launch video', '#fef3c7'],
  ['Product', 'Beta feedback', null], ['Product', 'Pricing page', '#fef3c7'], ['Product', 'Onboarding tour', null],
  ['Support', 'Help centre', null], ['Support', 'FAQ', null], ['Support', 'Status page', null],
];

export interface SeededWorkspace {
  envelope: StoredEnvelope;
  /** Pages the tree shows expanded (the 'grove-expanded-pages' preference). */
  expandedPageIds: string[];
  richPageId: string;
  coverPageId: string;
}

/** The seeded workspace at `now`; throws if the app would have to repair it on load. */
export function buildWorkspace(now: Date): SeededWorkspace {
  const ids = idsFromSeed({ time: now.getTime(), salt: 2026 });
  const day = (offset: number) => addLocalDays(now, offset);
  const due = (offset: number | null) => (offset === null ? null : toLocalIsoDate(day(offset)));
  // The defaults, less the sample tasks: the board gets the rows above instead.
  let data: StudioData = { ...createDefaultStudioData(now, ids), kanbanBoard: { columns: createDefaultColumns(), items: {} } };

  // History first: tasks finished two to three weeks ago, then cleared (their trees stay).
  const cleared = CLEARED_TASKS.map(([title], index) => {
    const id = ids('item');
    data = createTask.run(data, { id, columnId: 'under-review', content: title, priority: 'medium' }, day(-30 + index));
    data = moveTaskToColumn.run(data, { taskId: id, columnId: 'finished' }, day(-21 + index));
    return id;
  });
  data = clearCompleted.run(data, { columnId: 'finished' }, day(-13));

  // createTask puts a task on top of its column, so the rows are created last to first. Finished tasks are
  // completed by a move, one or two a day over the last days, which scores them and builds the streak.
  const taskIds = new Map<number, string>();
  for (let index = TASKS.length - 1; index >= 0; index -= 1) {
    const [column, content, priority, tags, dueIn, description] = TASKS[index] as TaskRow;
    const id = ids('item');
    taskIds.set(index, id);
    const columnId = column === 'finished' ? 'under-review' : column;
    data = createTask.run(data, { id, columnId, content, priority, tags, dueDate: due(dueIn), description: description ?? '' }, day(-12 + (index % 10)));
  }
  TASKS.forEach(([column], index) => {
    if (column !== 'finished') return;
    const at = new Date(day(-5 + Math.floor((index % 10) / 1.7)).getTime() - 3_600_000);
    data = moveTaskToColumn.run(data, { taskId: taskIds.get(index) ?? '', columnId: 'finished' }, at);
  });

  // No command sets a tree's stage: a workspace used for months has trees at every stage (tasks finished, reopened,
  // finished again), so stages are set here, then the garden's own re-check wilts or kills the overdue ones.
  const stageOf = new Map<string, number>(cleared.map((id, index) => [id, CLEARED_TASKS[index]?.[1] ?? 0]));
  TASKS.forEach(([column], index) => {
    if (column === 'in-progress' || column === 'under-review') stageOf.set(taskIds.get(index) ?? '', 1 + (index % 2));
    if (column === 'finished') stageOf.set(taskIds.get(index) ?? '', 1 + (index % 3));
  });
  data = { ...data, garden: data.garden.map((tree) => ({ ...tree, growthStage: stageOf.get(tree.id) ?? tree.growthStage })) };
  data = reevaluateGarden(data, now);
  // Level 4 with its decorations: the score of the months before this board (the streak is the moves' own).
  const score = 640;
  const level = levelForScore(score);
  data = { ...data, gamification: { ...data.gamification, score, level, unlockedDecorations: decorationsForLevel(level) } };

  for (const [index, [name, description, status, priority, progress, teamSize, dueIn]] of PROJECTS.entries()) {
    const id = ids('project');
    data = createProject.run(data, { id, name, description, dueDate: due(dueIn) }, day(-60 + index * 4));
    data = updateProject.run(data, { id, status, priority, progress, teamSize }, now);
  }

  const pageIds = new Map<string, string>();
  for (const [index, [key, parent, icon, title]] of PAGES.entries()) {
    const id = ids('page');
    pageIds.set(key, id);
    data = createPage.run(data, { id, blockId: ids('block'), parentId: parent === null ? null : pageIds.get(parent) ?? null }, day(-40 + index));
    data = renamePage.run(data, { id, title }, now);
    data = setPageIcon.run(data, { id, icon }, now);
    const blocks: Block[] = key === 'retro'
      ? RICH_BLOCKS.map(([type, content, checked]) => ({ id: ids('block'), type, content, ...(type === 'todo' ? { checked } : {}) }))
      : [{ id: ids('block'), type: 'paragraph', content: `Notes for <strong>${title.toLowerCase()}</strong>, kept up to date by the team.` }];
    data = updatePageBlocks.run(data, { id, blocks }, now);
  }
  const coverPageId = pageIds.get('ideas') ?? '';
  data = setPageCover.run(data, { id: coverPageId, cover: landscapeDataUrl(900, 300, PALETTES.forest, 4) }, now);

  data = renameMindMapNode.run(data, { id: CENTRAL_IDEA_NODE_ID, label: 'Product launch' }, now);
  data = setMindMapNodeColor.run(data, { id: CENTRAL_IDEA_NODE_ID, color: '#f3e8ff' }, now);
  const nodeIds = new Map<string, string>();
  for (const [parent, label, color] of MIND_MAP) {
    const id = ids('node');
    nodeIds.set(label, id);
    const parentId = parent === null ? CENTRAL_IDEA_NODE_ID : nodeIds.get(parent) ?? null;
    data = addMindMapNode.run(data, { id, label, position: { x: 0, y: 0 }, parentId, edgeId: ids('edge') }, now);
    if (color) data = setMindMapNodeColor.run(data, { id, color }, now);
  }
  data = layoutMindMap.run(data, {}, now);

  const envelope = createEnvelope(data, 1);
  const loaded = loadWorkspace(JSON.parse(JSON.stringify(envelope)), now);
  if (!loaded.ok || loaded.repairs.length > 0) {
    throw new Error(`the seeded workspace would be repaired on load: ${JSON.stringify(loaded.ok ? loaded.repairs : loaded)}`);
  }
  const expandedPageIds = ['handbook', 'onboarding', 'meetings', 'ideas'].map((key) => pageIds.get(key) ?? '');
  return { envelope, expandedPageIds, richPageId: pageIds.get('retro') ?? '', coverPageId };
}
