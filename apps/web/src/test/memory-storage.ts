/**
 * A Storage in memory with an optional quota (in characters, like the browsers' ~5 MB of UTF-16): for the
 * store's tests, and to model a full disk without filling a real one.
 */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  quota = Number.POSITIVE_INFINITY;
  writes = 0;

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    const others = [...this.items].reduce((sum, [k, v]) => (k === key ? sum : sum + k.length + v.length), 0);
    if (others + key.length + value.length > this.quota) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.writes += 1;
    this.items.set(key, value);
  }
}
