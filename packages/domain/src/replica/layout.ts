// How each part of the workspace is laid out in the Yjs document (docs/decisions/061-yjs-merge-engine.md).
// The layout follows the spec's JSON; what it says per place decides how concurrent edits there merge.

export type Shape =
  /** A plain object as a Y.Map, field by field; `fields` name the places laid out otherwise. */
  | { readonly kind: 'map'; readonly fields?: Readonly<Record<string, Shape>>; readonly each?: Shape }
  /** A list of objects with ids: a Y.Map of them by id and a Y.Array of the ids in order. */
  | { readonly kind: 'entities'; readonly of: Shape }
  /** A list of ids as a Y.Array: inserts and removals merge as list edits. */
  | { readonly kind: 'ids' }
  /** A page's blocks as the page editor's shared document (page-blocks.ts): typing merges per character. */
  | { readonly kind: 'blocks' }
  /** Anything else: a plain object is a map of the same kind (unknown fields), other values are set whole. */
  | { readonly kind: 'auto' };

const AUTO: Shape = { kind: 'auto' };
const entities = (of: Shape = AUTO): Shape => ({ kind: 'entities', of });
const map = (fields: Record<string, Shape> = {}, each?: Shape): Shape => ({ kind: 'map', fields, ...(each ? { each } : {}) });

/** The sections of StudioData, but gamification, which is a base plus completion events (completions.ts). */
export const SECTION_SHAPES = {
  projects: entities(),
  pages: entities(map({ content: { kind: 'blocks' } })),
  kanbanBoard: map({ columns: entities(map({ itemIds: { kind: 'ids' } })), items: map({}, AUTO) }),
  mindMap: map({ nodes: entities(), edges: entities() }),
  garden: entities(),
} as const satisfies Record<string, Shape>;

export type LaidOutSection = keyof typeof SECTION_SHAPES;
export const LAID_OUT_SECTIONS = Object.keys(SECTION_SHAPES) as LaidOutSection[];

/** The shape of a field of a map shape (its own, the map's `each`, or auto). */
export function fieldShape(shape: Shape, key: string): Shape {
  if (shape.kind !== 'map') return AUTO;
  return (shape.fields && Object.hasOwn(shape.fields, key) ? shape.fields[key] : undefined) ?? shape.each ?? AUTO;
}

/**
 * Root types of the document. A section's always-present containers are root types (named by path), so two tabs
 * that create the document at once still share them; only containers inside an entity (a page's blocks, a
 * column's ids) are created with that entity, by the one tab that creates it.
 */
export const rootName = (...path: string[]): string => path.join('.');
export const COMPLETIONS_ROOT = 'completions';
export const GAMIFICATION_ROOT = 'gamification';
