import { sanitizeBlock } from './block-html.ts';
import { createDefaultGamification } from './defaults.ts';
import type { IdGenerator } from './ids.ts';
import {
  blockSchema, decorationSchema, gamificationSchema, gardenEntrySchema, pageSchema, projectSchema,
  type Block, type Decoration, type Gamification, type GardenEntry, type Page, type Project, type StudioSection,
} from './model.ts';
import { describeEntry, isRecord, parseEntry, uniqueIds, type Fallbacks, type Report } from './repair.ts';
import * as z from 'zod/mini';

// Repairs the list sections and gamification of stored data. Each entry is parsed on its own, so one bad
// entry costs that entry (or only its bad fields), never the section.

/** The list, or [] when the section is missing or not a list. */
function readList(section: StudioSection, raw: unknown, report: Report): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (raw === undefined) report(section, 'section missing; using the default.', false, 'default');
  else report(section, 'section is not a list; using the default.', true, 'default');
  return [];
}

interface EachOptions<S extends z.ZodMiniType> {
  section: StudioSection;
  /** Where the entries sit, for the messages: 'projects', 'pages[2].content'. */
  at: string;
  schema: S;
  fallbacks: Fallbacks;
}

function parseEach<S extends z.ZodMiniType>(raws: readonly unknown[], { section, at, schema, fallbacks }: EachOptions<S>, report: Report) {
  return raws.flatMap((raw, index): z.output<S>[] => {
    const parsed = parseEntry(schema, raw, fallbacks);
    const label = describeEntry(at, index, raw);
    if (!parsed) {
      report(section, `${label}: dropped: not valid.`, true, 'dropped');
      return [];
    }
    if (parsed.fixedFields.length > 0) report(section, `${label}: reset invalid fields: ${parsed.fixedFields.join(', ')}.`, true, 'reset');
    return [parsed.value];
  });
}

export function normaliseProjects(raw: unknown, now: Date, ids: IdGenerator, report: Report): Project[] {
  const projects = parseEach(readList('projects', raw, report), {
    section: 'projects',
    at: 'projects',
    schema: projectSchema,
    fallbacks: { id: () => ids('project'), createdAt: () => now.toISOString() },
  }, report);
  return uniqueIds(projects, () => ids('project'), (project) => {
    report('projects', `project id ${JSON.stringify(project.id)} was used twice; the second got a new id.`, false, 'renamed');
  });
}

const pageFieldsSchema = z.omit(pageSchema, { content: true });

function normaliseBlocks(raw: unknown, pageAt: string, ids: IdGenerator, report: Report): Block[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    report('pages', `${pageAt}.content: not a list of blocks; it was emptied.`, true, 'dropped');
    return [];
  }
  const blocks = parseEach(raw, {
    section: 'pages',
    at: `${pageAt}.content`,
    schema: blockSchema,
    fallbacks: { id: () => ids('block'), type: () => 'paragraph' },
  }, report);
  const unique = uniqueIds(blocks, () => ids('block'), () => {
    report('pages', `${pageAt}.content: a block id was used twice; the second got a new id.`, false, 'renamed');
  });
  // Rich text only in the editor's own form (decision 049). Not lossy: what goes is markup the editor would
  // drop itself (or must never run), and keeping the raw text aside would keep exactly that.
  return unique.map((block) => {
    const sanitized = sanitizeBlock(block);
    if (sanitized !== block) {
      report('pages', `${pageAt}.content: block ${JSON.stringify(block.id)}: its rich text was rewritten in the editor's form.`, false, 'reset');
    }
    return sanitized;
  });
}

/** A parent that does not exist, or a loop of parents, would hide pages from the tree: they become roots. */
function repairPageTree(pages: Page[], report: Report): Page[] {
  const parentOf = new Map(pages.map((page) => [page.id, page.parentId]));
  for (const page of pages) {
    if (page.parentId !== null && !parentOf.has(page.parentId)) {
      report('pages', `page ${JSON.stringify(page.id)}: its parent does not exist; it is now a root page.`, false, 'relinked');
      parentOf.set(page.id, null);
    }
  }
  for (const page of pages) {
    const seen = new Set([page.id]);
    for (let current = parentOf.get(page.id) ?? null; current !== null; current = parentOf.get(current) ?? null) {
      if (current === page.id) {
        report('pages', `page ${JSON.stringify(page.id)}: it was its own ancestor; it is now a root page.`, false, 'relinked');
        parentOf.set(page.id, null);
        break;
      }
      // A loop further up, not through this page: it is broken when its own pages are visited.
      if (seen.has(current)) break;
      seen.add(current);
    }
  }
  return pages.map((page) => {
    const parentId = parentOf.get(page.id) ?? null;
    return parentId === page.parentId ? page : { ...page, parentId };
  });
}

export function normalisePages(raw: unknown, now: Date, ids: IdGenerator, report: Report): Page[] {
  const pages = readList('pages', raw, report).flatMap((value, index): Page[] => {
    const label = describeEntry('pages', index, value);
    const parsed = isRecord(value) ? parseEntry(pageFieldsSchema, value, { id: () => ids('page'), createdAt: () => now.toISOString() }) : null;
    if (!parsed || !isRecord(value)) {
      report('pages', `${label}: dropped: not valid.`, true, 'dropped');
      return [];
    }
    if (parsed.fixedFields.length > 0) report('pages', `${label}: reset invalid fields: ${parsed.fixedFields.join(', ')}.`, true, 'reset');
    return [{ ...parsed.value, content: normaliseBlocks(value.content, `pages[${index}]`, ids, report) }];
  });
  const unique = uniqueIds(pages, () => ids('page'), (page) => {
    report('pages', `page id ${JSON.stringify(page.id)} was used twice; the second got a new id.`, false, 'renamed');
  });
  return repairPageTree(unique, report);
}

export function normaliseGarden(raw: unknown, report: Report): GardenEntry[] {
  const entries = parseEach(readList('garden', raw, report), { section: 'garden', at: 'garden', schema: gardenEntrySchema, fallbacks: {} }, report);
  // One tree per task: a second entry for the same task is a duplicate, not data.
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (seen.has(entry.id)) {
      report('garden', `garden entry ${JSON.stringify(entry.id)} appeared twice; the second was dropped.`, false, 'dropped');
      return false;
    }
    seen.add(entry.id);
    return true;
  });
}

/** Field by field: a bad streak must not cost the user their score. */
export function normaliseGamification(raw: unknown, report: Report): Gamification {
  const defaults = createDefaultGamification();
  if (!isRecord(raw)) {
    if (raw === undefined) report('gamification', 'section missing; using the default.', false, 'default');
    else report('gamification', 'section is not an object; using the default.', true, 'default');
    return defaults;
  }
  const decorations = Array.isArray(raw.unlockedDecorations)
    ? [...new Set(raw.unlockedDecorations.filter((name): name is Decoration => decorationSchema.safeParse(name).success))]
    : raw.unlockedDecorations;
  if (Array.isArray(raw.unlockedDecorations) && Array.isArray(decorations) && decorations.length !== raw.unlockedDecorations.length) {
    report('gamification', 'unknown or repeated decorations were removed.', true, 'dropped');
  }
  const fallbacks = Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, () => value]));
  const parsed = parseEntry(gamificationSchema, { ...raw, unlockedDecorations: decorations }, fallbacks);
  if (!parsed) return defaults;
  if (parsed.fixedFields.length > 0) report('gamification', `reset invalid fields: ${parsed.fixedFields.join(', ')}.`, true, 'reset');
  return parsed.value;
}
