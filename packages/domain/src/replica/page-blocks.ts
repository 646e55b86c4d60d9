import * as Y from 'yjs';
import { blockRuns, runsToHtml, safeHref, sameMarks, type InlineMarks, type InlineRun } from '../workspace/block-html.ts';
import { isPlainObject } from '../workspace/undo-patch.ts';
import { fromStoredValue, toStoredValue } from './plain-values.ts';
import type { Block, BlockType } from '../workspace/model.ts';

// A page's blocks as the page editor's shared document holds them (docs/decisions/065-page-text-collaboration.md):
// one Y.XmlFragment per page, laid out as Tiptap's Collaboration extension (y-prosemirror) lays out the editor's
// document, so the editor binds to it directly and two editors merge per character. A block is a Y.XmlElement named
// by its node ('paragraph', 'heading', 'todo') with the attributes blockId, checked (todos) and fields (what the
// model does not know, kept whole); its text is Y.XmlText with the marks as formatting attributes (bold, italic,
// code, link: {href}) and 'hardBreak' elements between. Read here without a DOM, in the editor's own HTML.

export const BLOCK_ID_ATTRIBUTE = 'blockId';
export const CHECKED_ATTRIBUTE = 'checked';
/** A block's fields the model does not know (a newer Grove's), kept on its element for the editor to carry. */
export const BLOCK_FIELDS_ATTRIBUTE = 'fields';
const HARD_BREAK = 'hardBreak';
/** The fields a block's element holds itself; any other is kept in its `fields` (a paragraph's `checked` too). */
const knownFields = (type: string): ReadonlySet<string> => (type === 'todo' ? TODO_FIELDS : BLOCK_FIELDS);
const BLOCK_FIELDS: ReadonlySet<string> = new Set(['id', 'type', 'content']);
const TODO_FIELDS: ReadonlySet<string> = new Set([...BLOCK_FIELDS, 'checked']);
const NODE_TYPES: ReadonlySet<string> = new Set<BlockType>(['paragraph', 'heading', 'todo']);

type Attributes = Record<string, unknown>;
/** A block element's attributes: an id, a checked state, unknown fields. */
type BlockElement = Y.XmlElement<Record<string, NonNullable<unknown> | null>>;
const attributesOfElement = (element: Y.XmlElement) => element as unknown as BlockElement;

/** Y.XmlText formatting attributes for marks (the editor's mark names; a link's attributes hold its address). */
function attributesOf(marks: InlineMarks): Attributes {
  const attributes: Attributes = {};
  if (marks.link !== undefined) attributes.link = { href: marks.link };
  if (marks.bold) attributes.bold = {};
  if (marks.italic) attributes.italic = {};
  if (marks.code) attributes.code = {};
  return attributes;
}

/** Marks from formatting attributes. A mark y-prosemirror keyed with a hash ('link--abc12345') is read by its name. */
function marksOf(attributes: Attributes | undefined): InlineMarks {
  if (!attributes) return {};
  const marks: { -readonly [K in keyof InlineMarks]: InlineMarks[K] } = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    const name = key.replace(/--[a-zA-Z0-9+/=]{8}$/, '');
    if (name === 'bold' || name === 'italic' || name === 'code') marks[name] = true;
    if (name === 'link' && isPlainObject(value)) {
      const href = safeHref(typeof value.href === 'string' ? value.href : undefined);
      if (href !== null) marks.link = href;
    }
  }
  return marks;
}

interface Delta {
  insert?: unknown;
  attributes?: Attributes;
}

/** The runs of a block element: its texts and line breaks in order (other inline elements hold nothing we show). */
function elementRuns(element: Y.XmlElement): InlineRun[] {
  const runs: InlineRun[] = [];
  for (const child of element.toArray()) {
    if (child instanceof Y.XmlText) {
      for (const op of child.toDelta() as Delta[]) {
        if (typeof op.insert === 'string') runs.push({ text: op.insert, marks: marksOf(op.attributes) });
      }
    } else if (child instanceof Y.XmlElement && child.nodeName === HARD_BREAK) {
      runs.push({ lineBreak: true });
    }
  }
  return runs;
}

/** A block element's id. One without (made elsewhere) is named by its place in the history, the same everywhere. */
export function elementId(element: Y.XmlElement): string {
  const id: unknown = element.getAttribute(BLOCK_ID_ATTRIBUTE);
  if (typeof id === 'string' && id !== '') return id;
  const item = element._item;
  return `block-${item?.id.client ?? 0}-${item?.id.clock ?? 0}`;
}

const elementType = (element: Y.XmlElement) => (NODE_TYPES.has(element.nodeName) ? element.nodeName : 'paragraph') as BlockType;

/** One block element as a block: its id, its node as the type (an unknown node reads as a paragraph), its HTML. */
export function readBlockElement(element: Y.XmlElement, id = elementId(element)): Block {
  const type = elementType(element);
  const fields: unknown = fromStoredValue(element.getAttribute(BLOCK_FIELDS_ATTRIBUTE));
  const extra = isPlainObject(fields) ? Object.entries(fields).filter(([key]) => !knownFields(type).has(key)) : [];
  const content = runsToHtml(elementRuns(element));
  // A todo stored without a checked state reads without one (until the editor gives it one).
  const checked = attributesOfElement(element).getAttribute(CHECKED_ATTRIBUTE);
  const known: Block = type === 'todo' && checked != null ? { id, type, content, checked: checked === true } : { id, type, content };
  return extra.length === 0 ? known : { ...Object.fromEntries(extra), ...known };
}

/** The block elements of a page fragment, in order (anything else in it is not a block). */
export function blockElements(fragment: Y.XmlFragment): Y.XmlElement[] {
  return fragment.toArray().filter((child): child is Y.XmlElement => child instanceof Y.XmlElement);
}

/** A block's element children for runs: consecutive texts in one Y.XmlText, a hardBreak element per line break. */
function inlineChildren(runs: readonly InlineRun[]): (Y.XmlText | Y.XmlElement)[] {
  const children: (Y.XmlText | Y.XmlElement)[] = [];
  let text: { insert: string; attributes: Attributes }[] = [];
  const flush = () => {
    if (text.length === 0) return;
    const node = new Y.XmlText();
    node.applyDelta(text);
    children.push(node);
    text = [];
  };
  for (const run of runs) {
    if ('text' in run) {
      if (run.text !== '') text.push({ insert: run.text, attributes: attributesOf(run.marks) });
    } else {
      flush();
      children.push(new Y.XmlElement(HARD_BREAK));
    }
  }
  flush();
  return children;
}

const unknownFields = (block: Block): Attributes | null => {
  const known = knownFields(block.type);
  const extra = Object.entries(block).filter(([key]) => !known.has(key));
  return extra.length === 0 ? null : Object.fromEntries(extra);
};

/** A new element for a block. */
export function buildBlockElement(block: Block): Y.XmlElement {
  const element: BlockElement = new Y.XmlElement(block.type);
  element.setAttribute(BLOCK_ID_ATTRIBUTE, block.id);
  if (block.type === 'todo' && block.checked !== undefined) element.setAttribute(CHECKED_ATTRIBUTE, block.checked === true);
  const fields = unknownFields(block);
  if (fields) element.setAttribute(BLOCK_FIELDS_ATTRIBUTE, toStoredValue(fields) as Attributes);
  element.insert(0, inlineChildren(blockRuns(block.content)));
  return element as unknown as Y.XmlElement;
}

/** A new page fragment holding the blocks. */
export function buildPageFragment(blocks: readonly Block[]): Y.XmlFragment {
  const fragment = new Y.XmlFragment();
  fragment.insert(0, blocks.map(buildBlockElement));
  return fragment;
}

type Unit = { readonly char: string; readonly marks: InlineMarks } | null;

/** The runs as units: one per UTF-16 code unit of text (Y.Text's index), null per line break. */
function unitsOf(runs: readonly InlineRun[]): Unit[] {
  const units: Unit[] = [];
  for (const run of runs) {
    if ('text' in run) for (let index = 0; index < run.text.length; index += 1) units.push({ char: run.text.charAt(index), marks: run.marks });
    else units.push(null);
  }
  return units;
}

const sameUnit = (a: Unit | undefined, b: Unit | undefined) =>
  a === b || (a != null && b != null && a.char === b.char && sameMarks(a.marks, b.marks));
const isHighSurrogate = (unit: Unit | undefined) => unit != null && /[\uD800-\uDBFF]/.test(unit.char);
const isLowSurrogate = (unit: Unit | undefined) => unit != null && /[\uDC00-\uDFFF]/.test(unit.char);

/**
 * Makes the element's text hold `html` by replacing only the middle that differs, inside the one Y.XmlText it lies
 * in (a keystroke: one character, so another editor's concurrent typing elsewhere in the block stays). A change
 * across line breaks rewrites the element's children.
 */
function writeElementContent(element: Y.XmlElement, html: string): void {
  const target = blockRuns(html);
  const current = elementRuns(element);
  if (runsToHtml(current) === runsToHtml(target)) return;
  const [was, next] = [unitsOf(current), unitsOf(target)];
  const limit = Math.min(was.length, next.length);
  let start = 0;
  while (start < limit && sameUnit(was[start], next[start])) start += 1;
  if (start > 0 && isHighSurrogate(was[start - 1])) start -= 1;
  let end = 0;
  while (end < limit - start && sameUnit(was[was.length - 1 - end], next[next.length - 1 - end])) end += 1;
  if (end > 0 && isLowSurrogate(was[was.length - end])) end -= 1;
  const removedUntil = was.length - end;
  const inserted = next.slice(start, next.length - end);
  const touchesBreak = was.slice(start, removedUntil).includes(null) || inserted.includes(null);
  // The one Y.XmlText whose range holds the whole middle.
  let offset = 0;
  let holder: Y.XmlText | null = null;
  let holderStart = 0;
  for (const child of element.toArray()) {
    const length = child instanceof Y.XmlText ? child.length : 1;
    if (child instanceof Y.XmlText && offset <= start && removedUntil <= offset + length) {
      holder = child;
      holderStart = offset;
      break;
    }
    offset += length;
  }
  if (touchesBreak || !holder) {
    element.delete(0, element.length);
    element.insert(0, inlineChildren(target));
    return;
  }
  if (removedUntil > start) holder.delete(start - holderStart, removedUntil - start);
  let at = start - holderStart;
  for (const run of runsOfUnits(inserted)) {
    // Explicit attributes: without them an insert takes the marks of the character before it.
    holder.insert(at, run.text, attributesOf(run.marks));
    at += run.text.length;
  }
}

function runsOfUnits(units: readonly Unit[]): { text: string; marks: InlineMarks }[] {
  const runs: { text: string; marks: InlineMarks }[] = [];
  for (const unit of units) {
    if (unit === null) continue;
    const last = runs.at(-1);
    if (last && sameMarks(last.marks, unit.marks)) last.text += unit.char;
    else runs.push({ text: unit.char, marks: unit.marks });
  }
  return runs;
}

/** Updates an element in place for a changed block of the same type: attributes, then text. */
function writeBlockElement(node: Y.XmlElement, before: Block | undefined, after: Block): void {
  const element = attributesOfElement(node);
  const checked = element.getAttribute(CHECKED_ATTRIBUTE);
  if (after.type === 'todo' && after.checked !== undefined && checked !== (after.checked === true)) element.setAttribute(CHECKED_ATTRIBUTE, after.checked === true);
  if (after.type === 'todo' && after.checked === undefined && checked != null) element.removeAttribute(CHECKED_ATTRIBUTE);
  const fields = unknownFields(after);
  const beforeFields = before ? unknownFields(before) : null;
  const storedFields = element.getAttribute(BLOCK_FIELDS_ATTRIBUTE);
  if (JSON.stringify(fields) !== JSON.stringify(beforeFields) || (fields === null) !== (storedFields == null)) {
    if (fields) element.setAttribute(BLOCK_FIELDS_ATTRIBUTE, toStoredValue(fields) as Attributes);
    else element.removeAttribute(BLOCK_FIELDS_ATTRIBUTE);
  }
  if (before?.content !== after.content) writeElementContent(node, after.content);
}

/** What reconcile (write.ts) needs to edit a list: remove a range, insert ids at an index. */
export interface ListEdits {
  remove(index: number, count: number): void;
  insert(index: number, ids: string[]): void;
}

/**
 * Writes a page's blocks from `before` to `after` into its fragment: elements of unchanged blocks stay, changed
 * ones are updated in place (a changed type needs a new element, as in the editor), new ones inserted, and the
 * order reconciled with few moves (`reconcile`, write.ts), so another editor's concurrent typing survives.
 */
export function writePageBlocks(
  fragment: Y.XmlFragment,
  before: readonly Block[],
  after: readonly Block[],
  reconcile: (current: readonly string[], target: readonly string[], edits: ListEdits) => void,
): void {
  if (before === after) return;
  const beforeById = new Map(before.map((block) => [block.id, block]));
  const afterById = new Map(after.map((block) => [block.id, block]));
  // Every child has a place in the list; one that is not a block's, or whose block became another type (which needs
  // a new element, as in the editor), has an id no block has, so it goes.
  const ids = fragment.toArray().map((child) => {
    if (!(child instanceof Y.XmlElement)) return '\u0000';
    const id = elementId(child);
    const block = afterById.get(id);
    if (!block || block.type !== child.nodeName) return `\u0000${id}`;
    if (block !== beforeById.get(id)) writeBlockElement(child, beforeById.get(id), block);
    return id;
  });
  reconcile(ids, after.map((block) => block.id), {
    remove: (index, count) => fragment.delete(index, count),
    insert: (index, list) => fragment.insert(index, list.map((id) => buildBlockElement(afterById.get(id) as Block))),
  });
}
