/**
 * Where each key of a TOML document was written. smol-toml gives values but no places, and a
 * message without `file:line:col` sends people hunting, so this scanner walks the text once more
 * and records the place of every key, every `[[array.of.tables]]` element and every inline array
 * element, under the same path zod reports (`['steps', 3, 'needs', 0]`).
 *
 * It is not a validator: it runs on text smol-toml has already accepted, and on anything else it
 * still terminates (every step consumes at least one character) and records what it can.
 */
import { KeyPositions, offsetLocator, type Position } from './key-positions.js';

type Segment = string | number;

interface KeyPart {
  name: string;
  start: number;
}

/** Deeper inline nesting than this is garbage smol-toml refuses anyway; stop recursing into it. */
const MAX_DEPTH = 200;
const SCALAR_END = new Set([',', ']', '}', '#', '\n', '\r']);
const KEY_END = new Set([' ', '\t', '=', '.', '[', ']', '"', "'", '#', '\n', '\r', ',', '{', '}']);

export function scanTomlPositions(text: string): KeyPositions {
  return new TomlPositionScanner(text).scan();
}

class TomlPositionScanner {
  private i = 0;
  private readonly positions = new KeyPositions();
  private readonly place: (offset: number) => Position;
  /** Elements seen so far per array of tables, keyed by its resolved path. */
  private readonly arrayLengths = new Map<string, number>();

  constructor(private readonly text: string) {
    this.place = offsetLocator(text);
  }

  scan(): KeyPositions {
    let table: Segment[] = [];
    while (this.i < this.text.length) {
      this.skipSpaces();
      const c = this.text[this.i];
      if (c === undefined) break;
      if (c === '\n' || c === '\r') this.i++;
      else if (c === '#') this.skipLine();
      else if (c === '[') {
        table = this.header() ?? table;
        this.skipLine();
      } else {
        this.keyValue(table, 0);
        this.skipLine();
      }
    }
    return this.positions;
  }

  /** `[a.b]` or `[[a.b]]`: returns the table path later keys belong to. */
  private header(): Segment[] | undefined {
    const start = this.i;
    const isArray = this.text[this.i + 1] === '[';
    this.i += isArray ? 2 : 1;
    this.skipSpaces();
    const parts = this.key();
    if (!parts) return undefined;
    const resolved: Segment[] = [];
    parts.forEach((part, index) => {
      resolved.push(part.name);
      this.positions.setIfAbsent(resolved, this.place(part.start));
      const id = JSON.stringify(resolved);
      const last = index === parts.length - 1;
      if (last && isArray) {
        const length = this.arrayLengths.get(id) ?? 0;
        this.arrayLengths.set(id, length + 1);
        resolved.push(length);
        this.positions.setIfAbsent(resolved, this.place(start));
      } else {
        // A header inside an array of tables (`[steps.gate]`) belongs to its latest element.
        const length = this.arrayLengths.get(id);
        if (length !== undefined) resolved.push(length - 1);
      }
    });
    return resolved;
  }

  /** `a.b = value` inside `table`; records every dotted part and the value's contents. */
  private keyValue(table: readonly Segment[], depth: number): void {
    const parts = this.key();
    if (!parts) {
      this.i++;
      return;
    }
    const path: Segment[] = [...table];
    for (const part of parts) {
      path.push(part.name);
      this.positions.setIfAbsent(path, this.place(part.start));
    }
    this.skipSpaces();
    if (this.text[this.i] !== '=') return;
    this.i++;
    this.skipSpaces();
    this.value(path, depth);
  }

  private value(path: readonly Segment[], depth: number): void {
    const c = this.text[this.i];
    if (c === '"' || c === "'") this.skipString();
    else if (c === '[' && depth < MAX_DEPTH) this.inlineArray(path, depth + 1);
    else if (c === '{' && depth < MAX_DEPTH) this.inlineTable(path, depth + 1);
    else this.skipScalar();
  }

  private inlineArray(path: readonly Segment[], depth: number): void {
    this.i++;
    let index = 0;
    while (this.i < this.text.length) {
      this.skipVoid();
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
      this.positions.setIfAbsent(element, this.place(this.i));
      this.value(element, depth);
    }
  }

  private inlineTable(path: readonly Segment[], depth: number): void {
    this.i++;
    while (this.i < this.text.length) {
      this.skipVoid();
      const c = this.text[this.i];
      if (c === '}') {
        this.i++;
        return;
      }
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === undefined) return;
      this.keyValue(path, depth);
    }
  }

  /** A dotted key of bare and quoted parts, or undefined when there is none here. */
  private key(): KeyPart[] | undefined {
    const parts: KeyPart[] = [];
    for (;;) {
      const start = this.i;
      const c = this.text[this.i];
      let name: string;
      if (c === '"' || c === "'") {
        const end = this.stringEnd(this.i);
        const raw = this.text.slice(this.i + 1, Math.max(this.i + 1, end - 1));
        name = c === '"' ? decodeBasic(raw) : raw;
        this.i = end;
      } else {
        while (this.i < this.text.length && !KEY_END.has(this.text[this.i] as string)) this.i++;
        if (this.i === start) return parts.length > 0 ? parts : undefined;
        name = this.text.slice(start, this.i);
      }
      parts.push({ name, start });
      this.skipSpaces();
      if (this.text[this.i] !== '.') return parts;
      this.i++;
      this.skipSpaces();
    }
  }

  private skipString(): void {
    this.i = this.stringEnd(this.i);
  }

  /** The offset just past the string that opens at `start` (basic, literal, or multi-line of either). */
  private stringEnd(start: number): number {
    const text = this.text;
    const quote = text[start] as string;
    const triple = quote.repeat(3);
    if (text.startsWith(triple, start)) {
      let i = start + 3;
      while (i < text.length) {
        if (quote === '"' && text[i] === '\\') i += 2;
        else if (text.startsWith(triple, i)) {
          i += 3;
          // Up to two more quotes right before the closing three belong to the content.
          for (let extra = 0; extra < 2 && text[i] === quote; extra++) i++;
          return i;
        } else i++;
      }
      return text.length;
    }
    let i = start + 1;
    while (i < text.length) {
      const c = text[i];
      if (c === '\n') return i;
      if (quote === '"' && c === '\\') i += 2;
      else if (c === quote) return i + 1;
      else i++;
    }
    return text.length;
  }

  private skipScalar(): void {
    const start = this.i;
    while (this.i < this.text.length && !SCALAR_END.has(this.text[this.i] as string)) this.i++;
    if (this.i === start) this.i++;
  }

  private skipSpaces(): void {
    while (this.text[this.i] === ' ' || this.text[this.i] === '\t') this.i++;
  }

  /** Spaces, newlines and comments: what may sit between the items of an inline array or table. */
  private skipVoid(): void {
    for (;;) {
      const c = this.text[this.i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.i++;
      else if (c === '#') this.skipLine();
      else return;
    }
  }

  /** To the start of the next line (multi-line values were consumed by `value` already). */
  private skipLine(): void {
    const next = this.text.indexOf('\n', this.i);
    this.i = next === -1 ? this.text.length : next + 1;
  }
}

const ESCAPES: Record<string, string> = {
  b: '\b',
  t: '\t',
  n: '\n',
  f: '\f',
  r: '\r',
  e: '\x1b',
  '"': '"',
  '\\': '\\',
};

/** The text of a quoted basic key, escapes resolved, so `"a\u0020b"` matches smol-toml's `a b`. */
function decodeBasic(raw: string): string {
  return raw.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|x[0-9A-Fa-f]{2}|.)/g, (whole, sequence: string) => {
    if (sequence.length > 1) {
      const code = Number.parseInt(sequence.slice(1), 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ESCAPES[sequence] ?? whole;
  });
}
