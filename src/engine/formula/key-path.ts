/** A key path the way zod reports it: `['steps', 3, 'needs', 0]`. */
export type KeyPath = readonly PropertyKey[];

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * `steps[3].needs[0]`: the path as a person would write it in a message. Keys that are not plain
 * words are quoted (`vars["my var"]`) so the reader can tell where one key ends.
 */
export function formatKeyPath(path: KeyPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else {
      const key = String(segment);
      if (PLAIN_KEY.test(key)) out += out === '' ? key : `.${key}`;
      else out += `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

/** The value at `path` inside `data`, or undefined when any step of the way is missing. */
export function valueAt(data: unknown, path: KeyPath): unknown {
  let current: unknown = data;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    if (typeof segment === 'symbol') return undefined;
    const key = String(segment);
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Tables from smol-toml have no prototype; JSON objects have Object's. Dates and arrays are not tables. */
export function isTable(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}
