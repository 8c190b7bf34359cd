import type { KeyPath } from './key-path.js';

export interface Position {
  line: number;
  col: number;
}

const START: Position = { line: 1, col: 1 };

/** One string per path; numbers and strings stay distinct (`[0]` is not `['0']`). */
function keyOf(path: KeyPath): string {
  let key = '';
  for (const segment of path)
    key += typeof segment === 'number' ? `${segment},` : `${JSON.stringify(String(segment))},`;
  return key;
}

/**
 * Where each key path of a document was written. Filled by a scanner of the source text, read by
 * `nearest` so a message about a missing key still points at the table that lacks it.
 */
export class KeyPositions {
  private readonly byPath = new Map<string, Position>();

  set(path: KeyPath, position: Position): void {
    this.byPath.set(keyOf(path), position);
  }

  /** The first place wins: a dotted header `[vars.x]` must not move where `vars` was first written. */
  setIfAbsent(path: KeyPath, position: Position): void {
    const key = keyOf(path);
    if (!this.byPath.has(key)) this.byPath.set(key, position);
  }

  get(path: KeyPath): Position | undefined {
    return this.byPath.get(keyOf(path));
  }

  /** The place of `path`, else of its nearest recorded ancestor, else the start of the file. */
  nearest(path: KeyPath): Position {
    for (let length = path.length; length > 0; length--) {
      const found = this.byPath.get(keyOf(path.slice(0, length)));
      if (found) return found;
    }
    return START;
  }

  get size(): number {
    return this.byPath.size;
  }
}

/** Turns string offsets into 1-based line and column (UTF-16 units, as editors and smol-toml count). */
export function offsetLocator(text: string): (offset: number) => Position {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return (offset) => {
    const at = Math.max(0, Math.min(offset, text.length));
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] as number) <= at) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: at - (lineStarts[low] as number) + 1 };
  };
}
