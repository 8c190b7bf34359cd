/**
 * `JSON.stringify` of a molecule with its steps and history packed (pack-table.ts), character for
 * character, put together from runs of rows (row-chunks.ts): each run keeps its cells as text, so
 * an encode after one transition writes out the one or two runs that changed and joins the rest.
 * A run's time cells are deltas from the cursor the runs before it leave, so they are kept with
 * that cursor and the time columns they were computed for, and written again when either moves.
 */
import type { Molecule } from '../molecule/molecule-schema.js';
import { chunksOf, type RowChunk } from '../molecule/row-chunks.js';
import { factsOf, isRecord, packTable, type RowFacts } from './pack-table.js';

export function packedMoleculeJson(mol: Molecule): string {
  const record = mol as unknown as Record<string, unknown>;
  let json = '';
  for (const key of Object.keys(record)) {
    const value = record[key];
    const text =
      key === 'steps' || key === 'history'
        ? packedTableJson(value as readonly unknown[])
        : JSON.stringify(value);
    // Concatenated, not joined: the pieces stay linked until deflate reads them once.
    if (text !== undefined) json += `${json === '' ? '' : ','}${JSON.stringify(key)}:${text}`;
  }
  return `{${json}}`;
}

export function packedTableJson(rows: readonly unknown[]): string {
  const chunks = chunksOf(rows);
  const shapes: ChunkShape[] = [];
  const distinct: ChunkShape[] = [];
  for (const chunk of chunks) {
    const shape = shapeOf(chunk);
    if (!shape) return JSON.stringify(rows);
    if (shape.kind !== shapes[shapes.length - 1]?.kind && !distinct.some((d) => d.kind === shape.kind))
      distinct.push(shape);
    shapes.push(shape);
  }
  const layout = layoutOf(distinct);
  if (!layout) return JSON.stringify(packTable(rows));
  let cursor = 0;
  const cells = shapes.map((shape, i) => {
    const run = cellsOf(chunks[i] as RowChunk<unknown>, shape, layout, cursor);
    if (run.timed) cursor = run.cursorOut;
    return run;
  });
  let body = '';
  for (const [c, name] of layout.names.entries()) {
    body += `${c === 0 ? '' : ','}${layout.keys[c]}:[`;
    for (let i = 0; i < cells.length; i++) {
      const text = (cells[i] as ChunkCells).texts.get(name) ?? nulls(chunks[i]?.rows.length ?? 0);
      body += i === 0 ? text : `,${text}`;
    }
    body += ']';
  }
  return `{"n":${rows.length},"c":{${body}}${layout.times.length > 0 ? `,"t":${layout.timesKey}` : ''}}`;
}

const INDEX = /^(0|[1-9][0-9]*)$/;

interface ColumnKind {
  /** Every value in the column is a string. */
  text: boolean;
  /** At least one value is a canonical timestamp; with `text`, the column is stored as deltas. */
  canonical: boolean;
}

/** A run's rows as packing reads them, and its columns in the order they first appear. */
interface ChunkShape {
  facts: RowFacts[];
  columns: Map<string, ColumnKind>;
  /** The columns and their kinds as text: runs alike in this are alike to the table's layout. */
  kind: string;
}

/** Undefined for a run holding a row packing leaves as rows (not a record, or a null field). */
const shapes = new WeakMap<RowChunk<unknown>, ChunkShape | undefined>();

function shapeOf(chunk: RowChunk<unknown>): ChunkShape | undefined {
  if (shapes.has(chunk)) return shapes.get(chunk);
  let shape: ChunkShape | undefined = { facts: [], columns: new Map(), kind: '' };
  for (const row of chunk.rows) {
    const fact = isRecord(row) ? factsOf(row) : undefined;
    if (!fact || fact.hasNull) {
      shape = undefined;
      break;
    }
    shape.facts.push(fact);
    for (let k = 0; k < fact.keys.length; k++) {
      const name = fact.keys[k] as string;
      let kind = shape.columns.get(name);
      if (!kind) {
        kind = { text: true, canonical: false };
        shape.columns.set(name, kind);
      }
      if (typeof fact.values[k] !== 'string') kind.text = false;
      else if (fact.ms.has(name)) kind.canonical = true;
    }
  }
  if (shape) shape.kind = JSON.stringify([...shape.columns]);
  shapes.set(chunk, shape);
  return shape;
}

/** The table's columns in the order an object lists them, and which of them hold times. */
interface Layout {
  names: string[];
  /** Each name as a JSON key. */
  keys: string[];
  times: string[];
  timesKey: string;
}

/** By the kinds of runs a table holds: a table is mostly runs of one or two kinds. */
const layouts = new Map<string, Layout | undefined>();
const MAX_LAYOUTS = 64;

function layoutOf(distinct: readonly ChunkShape[]): Layout | undefined {
  const id = distinct.map((shape) => shape.kind).join('\n');
  if (layouts.has(id)) return layouts.get(id);
  const columns = new Map<string, ColumnKind>();
  for (const shape of distinct) {
    for (const [name, kind] of shape.columns) {
      const known = columns.get(name);
      if (!known) columns.set(name, { ...kind });
      else {
        known.text &&= kind.text;
        known.canonical ||= kind.canonical;
      }
    }
  }
  const names = [...columns.keys()];
  const times = names.filter((name) => columns.get(name)?.text && columns.get(name)?.canonical);
  // Names an object would reorder or swallow (`"0"`, `__proto__`) are left to the object itself.
  const plain = names.every((name) => name !== '__proto__' && !INDEX.test(name));
  const layout = plain
    ? { names, keys: names.map((name) => JSON.stringify(name)), times, timesKey: JSON.stringify(times) }
    : undefined;
  if (layouts.size >= MAX_LAYOUTS) layouts.clear();
  layouts.set(id, layout);
  return layout;
}

interface ChunkCells {
  /** The time columns the cells were written for. */
  timesKey: string;
  /** Whether the run holds a time: only then do its cells depend on the cursor coming in. */
  timed: boolean;
  cursorIn: number;
  cursorOut: number;
  /** Per column of the run, its cells joined by commas. */
  texts: Map<string, string>;
}

const written = new WeakMap<RowChunk<unknown>, ChunkCells>();

function cellsOf(chunk: RowChunk<unknown>, shape: ChunkShape, layout: Layout, cursorIn: number): ChunkCells {
  const known = written.get(chunk);
  if (known && known.timesKey === layout.timesKey && (!known.timed || known.cursorIn === cursorIn))
    return known;
  const n = shape.facts.length;
  const columns = new Map<string, unknown[]>();
  for (const name of shape.columns.keys()) columns.set(name, new Array<unknown>(n).fill(null));
  let cursor = cursorIn;
  let timed = false;
  for (let i = 0; i < n; i++) {
    const fact = shape.facts[i] as RowFacts;
    for (let k = 0; k < fact.keys.length; k++)
      (columns.get(fact.keys[k] as string) as unknown[])[i] = fact.values[k];
    if (fact.ms.size === 0) continue;
    for (const name of layout.times) {
      const at = fact.ms.get(name);
      if (at === undefined) continue;
      (columns.get(name) as unknown[])[i] = at - cursor;
      cursor = at;
      timed = true;
    }
  }
  // One native stringify per column, brackets cut: cells exactly as the whole column's would be.
  const texts = new Map<string, string>();
  for (const [name, values] of columns) texts.set(name, JSON.stringify(values).slice(1, -1));
  const cells = { timesKey: layout.timesKey, timed, cursorIn, cursorOut: cursor, texts };
  written.set(chunk, cells);
  return cells;
}

const nullRuns = new Map<number, string>();

function nulls(count: number): string {
  let text = nullRuns.get(count);
  if (text === undefined) {
    text = new Array<string>(count).fill('null').join(',');
    nullRuns.set(count, text);
  }
  return text;
}
