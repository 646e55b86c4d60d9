// Where each tree of the garden stands (issue 34): rows on the ground with depth, the front row largest and lowest,
// rows further back smaller, higher and holding more trees, every row spread across the whole width. The newest
// trees stand in front, where a tree just earned is seen; a row that is not full is spread out, not bunched at the
// left. Positions are fractions of the scene, so the screen draws them at any width; a tree's small offset comes
// from its id, so the same garden always looks the same.

export interface TreePlace {
  /** Centre of the tree's foot, 0 (left edge) to 1 (right edge). */
  readonly x: number;
  /** Where its foot stands between the horizon (0) and the scene's bottom edge (1). */
  readonly depth: number;
  /** Its size against a tree in the front row (1). */
  readonly scale: number;
  /** 0 for the front row; higher is further back (drawn first). */
  readonly row: number;
}

export interface GardenLayout {
  readonly places: readonly TreePlace[];
  readonly rows: number;
}

/** Trees in the front row for a narrow (phone) and a wide scene; a row further back holds a quarter more. */
export const FRONT_ROW = { narrow: 4, wide: 9 } as const;
const ROW_GROWTH = 1.25;
/** The back row's size against the front row's. */
const BACK_SCALE = 0.45;
/** Feet stay off the very edges (a tree is as wide as a slot) and off the horizon. */
const MARGIN = 0.06;
const FRONT_DEPTH = 0.93;
const BACK_DEPTH = 0.22;

/** How many trees each row holds, front first, until `count` fit. */
export function rowCapacities(count: number, frontRow: number): number[] {
  const capacities: number[] = [];
  let held = 0;
  while (held < count) {
    const capacity = Math.max(1, Math.round(frontRow * ROW_GROWTH ** capacities.length));
    capacities.push(capacity);
    held += capacity;
  }
  return capacities;
}

/** A number in [0, 1) from a string, the same every time (FNV-1a). */
export function unitHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 0x1_0000_0000;
}

/**
 * The place of each tree, in the order given (oldest first): `ids[i]` stands at `places[i]`. `frontRow` is how many
 * trees the front row holds (FRONT_ROW: fewer on a phone).
 */
export function gardenLayout(ids: readonly string[], frontRow: number): GardenLayout {
  const count = ids.length;
  const capacities = rowCapacities(count, frontRow);
  const rows = capacities.length;
  const places: TreePlace[] = new Array<TreePlace>(count);
  // Newest first into the front row, then back; the back row holds what is left.
  let next = count - 1;
  capacities.forEach((capacity, row) => {
    const inRow = Math.min(capacity, next + 1);
    const far = rows === 1 ? 0 : row / (rows - 1);
    const scale = 1 - (1 - BACK_SCALE) * far;
    const depth = FRONT_DEPTH - (FRONT_DEPTH - BACK_DEPTH) * far;
    const slot = (1 - 2 * MARGIN) / inRow;
    // Every other row shifted by a quarter slot, so the rows do not line up in columns.
    const shift = row % 2 === 1 && inRow > 1 ? slot / 4 : 0;
    for (let position = 0; position < inRow; position += 1) {
      const index = next - position;
      const id = ids[index] ?? String(index);
      const jitter = (unitHash(id) - 0.5) * slot * 0.3;
      const x = Math.min(1 - MARGIN, Math.max(MARGIN, MARGIN + slot * (position + 0.5) + shift + jitter));
      const lift = (unitHash(`${id}:depth`) - 0.5) * 0.04;
      places[index] = { x, depth: depth + lift, scale, row };
    }
    next -= inRow;
  });
  return { places, rows };
}
