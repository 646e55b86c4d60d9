// Ids (docs/product.md, Local-first storage): a prefix per kind, a running counter seeded from the current time, and a random
// suffix. The counter makes ids from one generator unique; the suffix keeps two tabs (or two sessions whose
// counters overlap) from colliding. 'column' is ours: the product names no prefix for user-added columns.
export const ID_KINDS = ['item', 'project', 'page', 'block', 'node', 'edge', 'column'] as const;
export type IdKind = (typeof ID_KINDS)[number];

export type IdGenerator = (kind: IdKind) => string;

export interface IdGeneratorSources {
  /** Milliseconds since the epoch, read once to seed the counter. */
  now: () => number;
  /** Uniform in [0, 1), like Math.random. */
  random: () => number;
}

const SUFFIX_LENGTH = 6;
const SUFFIX_RANGE = 36 ** SUFFIX_LENGTH;

function randomSuffix(random: () => number): string {
  const value = random();
  // A source outside its contract must not produce 'NaN' or a longer suffix.
  const unit = Number.isFinite(value) && value >= 0 && value < 1 ? value : 0;
  return Math.floor(unit * SUFFIX_RANGE).toString(36).padStart(SUFFIX_LENGTH, '0');
}

export function createIdGenerator({ now, random }: IdGeneratorSources): IdGenerator {
  const seed = Math.floor(now());
  let counter = Number.isSafeInteger(seed) && seed >= 0 ? seed : 0;
  return (kind) => {
    const id = `${kind}-${counter}-${randomSuffix(random)}`;
    counter += 1;
    return id;
  };
}

/** The app's generator; tests pass their own. */
export const generateId: IdGenerator = createIdGenerator({ now: () => Date.now(), random: () => Math.random() });

/**
 * What a command needs to make ids, fixed before it runs: replaying the command (on another tab's newer data,
 * or in a test) then makes the same ids.
 */
export interface IdSeed {
  /** Milliseconds since the epoch: seeds the counter, as for createIdGenerator. */
  time: number;
  /** A 32-bit unsigned integer: seeds the suffixes. */
  salt: number;
}

/** Chosen once, when the user acts (the only place a command's randomness comes from). */
export function newIdSeed(now = Date.now(), random = Math.random): IdSeed {
  return { time: Math.floor(now), salt: Math.floor(random() * 2 ** 32) >>> 0 };
}

/** A generator that makes the same ids for the same seed (mulberry32 for the suffixes). */
export function idsFromSeed(seed: IdSeed): IdGenerator {
  let state = seed.salt >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return createIdGenerator({ now: () => seed.time, random });
}
