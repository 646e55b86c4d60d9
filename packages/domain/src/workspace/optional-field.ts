/**
 * The object with `key` set to `value`, or without `key` at all when `value` is undefined: optional fields
 * (a due date) are absent rather than stored as undefined, so saved JSON and undo patches stay exact.
 */
export function withOptional<T extends object, K extends keyof T>(object: T, key: K, value: T[K] | undefined): T {
  if (value !== undefined) return { ...object, [key]: value };
  if (!Object.hasOwn(object, key)) return object;
  const { [key]: _removed, ...rest } = object;
  return rest as T;
}
