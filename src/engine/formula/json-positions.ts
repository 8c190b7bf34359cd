/**
 * Where each key and array element of a JSON document was written (Beads reads `.formula.json`
 * too), under the paths zod reports. Runs on text JSON.parse has accepted; on anything else it
 * still terminates and records what it can.
 */
import { KeyPositions, offsetLocator, type Position } from './key-positions.js';

type Segment = string | number;

/** Past this depth the scanner skips values without recursing, so deep input cannot overflow the stack. */
const MAX_DEPTH = 200;
const SCALAR_END = new Set([',', ']', '}', ':', ' ', '\t', '\n', '\r']);

export function scanJsonPositions(text: string): KeyPositions {
  return new JsonPositionScanner(text).scan();
}

class JsonPositionScanner {
  private i = 0;
  private readonly positions = new KeyPositions();
  private readonly place: (offset: number) => Position;

  constructor(private readonly text: string) {
    this.place = offsetLocator(text);
  }

  scan(): KeyPositions {
    this.skipSpaces();
    if (this.i < this.text.length) this.value([], 0);
    return this.positions;
  }

  private value(path: readonly Segment[], depth: number): void {
    const c = this.text[this.i];
    if (depth >= MAX_DEPTH && (c === '{' || c === '[')) this.skipNested();
    else if (c === '{') this.object(path, depth + 1);
    else if (c === '[') this.array(path, depth + 1);
    else if (c === '"') this.i = this.stringEnd(this.i);
    else this.skipScalar();
  }

  private object(path: readonly Segment[], depth: number): void {
    this.i++;
    while (this.i < this.text.length) {
      this.skipSpaces();
      const c = this.text[this.i];
      if (c === '}') {
        this.i++;
        return;
      }
      if (c !== '"') {
        // A comma between members, or garbage: step over it.
        this.i++;
        continue;
      }
      const start = this.i;
      const end = this.stringEnd(start);
      const key = decodeJsonString(this.text.slice(start, end));
      this.i = end;
      const member = [...path, key];
      // JSON.parse keeps the last of duplicate keys, so the last place wins here too.
      this.positions.set(member, this.place(start));
      this.skipSpaces();
      if (this.text[this.i] !== ':') continue;
      this.i++;
      this.skipSpaces();
      if (this.i < this.text.length) this.value(member, depth);
    }
  }

  private array(path: readonly Segment[], depth: number): void {
    this.i++;
    let index = 0;
    while (this.i < this.text.length) {
      this.skipSpaces();
      const c = this.text[this.i];
      if (c === ']') {
        this.i++;
        return;
      }
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === undefined) return;
      const element = [...path, index++];
      this.positions.set(element, this.place(this.i));
      this.value(element, depth);
    }
  }

  /** Steps over one object or array without recording anything inside it. */
  private skipNested(): void {
    let open = 0;
    while (this.i < this.text.length) {
      const c = this.text[this.i];
      if (c === '"') {
        this.i = this.stringEnd(this.i);
        continue;
      }
      this.i++;
      if (c === '{' || c === '[') open++;
      else if ((c === '}' || c === ']') && --open === 0) return;
    }
  }

  private stringEnd(start: number): number {
    let i = start + 1;
    while (i < this.text.length) {
      const c = this.text[i];
      if (c === '\\') i += 2;
      else if (c === '"') return i + 1;
      else i++;
    }
    return this.text.length;
  }

  private skipScalar(): void {
    const start = this.i;
    while (this.i < this.text.length && !SCALAR_END.has(this.text[this.i] as string)) this.i++;
    if (this.i === start) this.i++;
  }

  private skipSpaces(): void {
    for (;;) {
      const c = this.text[this.i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.i++;
      else return;
    }
  }
}

function decodeJsonString(quoted: string): string {
  try {
    const decoded: unknown = JSON.parse(quoted);
    if (typeof decoded === 'string') return decoded;
  } catch {
    // Not valid JSON text (the scanner also runs on text JSON.parse refused): use it as written.
  }
  return quoted.slice(1, quoted.endsWith('"') && quoted.length > 1 ? -1 : undefined);
}
