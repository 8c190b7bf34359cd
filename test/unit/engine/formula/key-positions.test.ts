import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { scanJsonPositions } from '../../../../src/engine/formula/json-positions.js';
import { offsetLocator } from '../../../../src/engine/formula/key-positions.js';
import { scanTomlPositions } from '../../../../src/engine/formula/toml-positions.js';

const CORPUS = join(import.meta.dirname, '../../../fixtures/corpus');

function formulaFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return formulaFiles(path);
      return name.endsWith('.toml') ? [path] : [];
    })
    .sort();
}

/** The text of the 1-based `line` from 1-based `col` on. */
function textAt(text: string, line: number, col: number): string {
  return (text.split('\n')[line - 1] ?? '').slice(col - 1);
}

/** 1-based column of the first `needle` on 1-based `line`. */
function colOf(text: string, line: number, needle: string): number {
  return (text.split('\n')[line - 1] ?? '').indexOf(needle) + 1;
}

type Step = { id?: unknown; children?: Step[] };

/** Every id-bearing table path in a formula: steps (and their children), template steps, legs. */
function idPaths(data: Record<string, unknown>): { path: (string | number)[]; id: string }[] {
  const found: { path: (string | number)[]; id: string }[] = [];
  const walk = (list: unknown, path: (string | number)[]) => {
    if (!Array.isArray(list)) return;
    (list as Step[]).forEach((step, index) => {
      if (typeof step.id === 'string') found.push({ path: [...path, index, 'id'], id: step.id });
      walk(step.children, [...path, index, 'children']);
    });
  };
  walk(data.steps, ['steps']);
  walk(data.template, ['template']);
  walk(data.legs, ['legs']);
  return found;
}

describe('TOML key positions on the corpus', () => {
  const files = formulaFiles(CORPUS);

  it('finds all 55 corpus formulas', () => {
    expect(files).toHaveLength(55);
  });

  it.each(files.map((file) => [relative(CORPUS, file), file]))(
    '%s: every step, leg and template id is exact',
    (_name, file) => {
      const text = readFileSync(file, 'utf8');
      const data = parseToml(text) as Record<string, unknown>;
      const positions = scanTomlPositions(text);
      for (const { path, id } of idPaths(data)) {
        const place = positions.get(path);
        expect(place, `no position for ${JSON.stringify(path)}`).toBeDefined();
        const { line, col } = place as { line: number; col: number };
        const here = textAt(text, line, col);
        expect(
          here.startsWith('id'),
          `${JSON.stringify(path)} at ${line}:${col} reads ${JSON.stringify(here)}`,
        ).toBe(true);
        expect(here).toMatch(new RegExp(`^id\\s*=\\s*["']${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']`));
      }
    },
  );

  it.each(files.map((file) => [relative(CORPUS, file), file]))(
    '%s: every variable is placed on its own name',
    (_name, file) => {
      const text = readFileSync(file, 'utf8');
      const data = parseToml(text) as Record<string, Record<string, unknown> | undefined>;
      const positions = scanTomlPositions(text);
      for (const table of ['vars', 'inputs']) {
        for (const name of Object.keys(data[table] ?? {})) {
          const place = positions.get([table, name]);
          expect(place, `${table}.${name}`).toBeDefined();
          const { line, col } = place as { line: number; col: number };
          expect(textAt(text, line, col).startsWith(name), `${table}.${name} at ${line}:${col}`).toBe(true);
        }
      }
    },
  );

  it('places the elements of arrays of tables on their [[header]] and their needs on each entry', () => {
    const file = join(CORPUS, 'gastown/internal/formula/formulas/shiny.formula.toml');
    const text = readFileSync(file, 'utf8');
    const data = parseToml(text) as { steps: { needs?: string[] }[] };
    const positions = scanTomlPositions(text);
    data.steps.forEach((step, index) => {
      const { line, col } = positions.get(['steps', index]) as { line: number; col: number };
      expect(col).toBe(1);
      expect(textAt(text, line, col).startsWith('[[steps]]')).toBe(true);
      (step.needs ?? []).forEach((need, n) => {
        const at = positions.get(['steps', index, 'needs', n]) as { line: number; col: number };
        expect(textAt(text, at.line, at.col).startsWith(JSON.stringify(need))).toBe(true);
      });
    });
  });
});

describe('scanTomlPositions', () => {
  it('ignores headers and keys written inside multi-line strings', () => {
    const text = [
      'description = """',
      '[DOG] not a table',
      'id = "not a key"',
      'quote at the end """"',
      "formula = 'x'",
      "literal = '''",
      '[intake] also text',
      "'''",
      '[[steps]]',
      'id = "real"',
    ].join('\n');
    const positions = scanTomlPositions(text);
    expect(positions.get(['DOG'])).toBeUndefined();
    expect(positions.get(['id'])).toBeUndefined();
    expect(positions.get(['intake'])).toBeUndefined();
    expect(positions.get(['formula'])).toEqual({ line: 5, col: 1 });
    expect(positions.get(['steps', 0, 'id'])).toEqual({ line: 10, col: 1 });
  });

  it('numbers nested arrays of tables per parent element and attaches sub-tables to the latest element', () => {
    const text = [
      '[[steps]]', //          1
      'id = "a"', //           2
      '[[steps.children]]', // 3
      'id = "a1"', //          4
      '[[steps]]', //          5
      'id = "b"', //           6
      '[steps.gate]', //       7
      'type = "timer"', //     8
      '[[steps.children]]', // 9
      '  id = "b1"', //        10
      '[[steps.children]]', // 11
      'id = "b2"', //          12
    ].join('\n');
    const positions = scanTomlPositions(text);
    expect(positions.get(['steps', 0, 'children', 0, 'id'])).toEqual({ line: 4, col: 1 });
    expect(positions.get(['steps', 1, 'gate', 'type'])).toEqual({ line: 8, col: 1 });
    expect(positions.get(['steps', 1, 'gate'])).toEqual({ line: 7, col: 8 });
    expect(positions.get(['steps', 1, 'children', 0, 'id'])).toEqual({ line: 10, col: 3 });
    expect(positions.get(['steps', 1, 'children', 1])).toEqual({ line: 11, col: 1 });
    expect(positions.get(['steps', 1, 'children', 1, 'id'])).toEqual({ line: 12, col: 1 });
  });

  it('places dotted, quoted and escaped keys, inline tables and arrays spread over lines', () => {
    const text = [
      'vars.a.default = 1',
      '"vars".\'b c\' = "x"',
      '[vars."d\\u0065f"]',
      'required = true',
      '[[steps]]',
      'id = "s"',
      'gate = [ # gates',
      '  { type = "command", run = "npm test" },',
      '  {type="files",paths=["a", "b"]},',
      ']',
      'needs = ["x",',
      '  # comment',
      '  "y"]',
    ].join('\n');
    const positions = scanTomlPositions(text);
    expect(positions.get(['vars'])).toEqual({ line: 1, col: 1 });
    expect(positions.get(['vars', 'a'])).toEqual({ line: 1, col: 6 });
    expect(positions.get(['vars', 'a', 'default'])).toEqual({ line: 1, col: 8 });
    expect(positions.get(['vars', 'b c'])).toEqual({ line: 2, col: 8 });
    expect(positions.get(['vars', 'def'])).toEqual({ line: 3, col: 7 });
    expect(positions.get(['vars', 'def', 'required'])).toEqual({ line: 4, col: 1 });
    expect(positions.get(['steps', 0, 'gate', 0])).toEqual({ line: 8, col: 3 });
    expect(positions.get(['steps', 0, 'gate', 0, 'run'])).toEqual({ line: 8, col: colOf(text, 8, 'run') });
    expect(positions.get(['steps', 0, 'gate', 1, 'paths', 1])).toEqual({
      line: 9,
      col: colOf(text, 9, '"b"'),
    });
    expect(positions.get(['steps', 0, 'needs', 1])).toEqual({ line: 13, col: 3 });
  });

  it('counts columns the same with CRLF line endings', () => {
    const positions = scanTomlPositions('a = 1\r\n[t]\r\n  key = """x\r\ny"""\r\nnext = 2\r\n');
    expect(positions.get(['t', 'key'])).toEqual({ line: 3, col: 3 });
    expect(positions.get(['t', 'next'])).toEqual({ line: 5, col: 1 });
  });

  it('falls back to the nearest written ancestor, then to the start of the file', () => {
    const positions = scanTomlPositions('x = 1\n[[steps]]\nid = "a"\n');
    expect(positions.nearest(['steps', 0, 'needs', 3])).toEqual({ line: 2, col: 1 });
    expect(positions.nearest(['nothing', 'here'])).toEqual({ line: 1, col: 1 });
    expect(positions.nearest([])).toEqual({ line: 1, col: 1 });
  });
});

describe('scanJsonPositions', () => {
  it('places keys on their opening quote and elements on their first character', () => {
    const text = [
      '{',
      '  "formula": "x",',
      '  "steps": [',
      '    {"id": "a", "needs": []},',
      '    { "id": "b",',
      '      "needs": ["a"] }',
      '  ]',
      '}',
    ].join('\n');
    const positions = scanJsonPositions(text);
    expect(positions.get(['formula'])).toEqual({ line: 2, col: 3 });
    expect(positions.get(['steps', 0])).toEqual({ line: 4, col: 5 });
    expect(positions.get(['steps', 0, 'id'])).toEqual({ line: 4, col: 6 });
    expect(positions.get(['steps', 1, 'id'])).toEqual({ line: 5, col: 7 });
    expect(positions.get(['steps', 1, 'needs', 0])).toEqual({ line: 6, col: 17 });
  });

  it('decodes escaped keys and keeps the last of duplicate keys, as JSON.parse does', () => {
    const positions = scanJsonPositions('{"a\\u0062": 1, "x": 1,\n"x": {"y": [1, {"z": 2}]}}');
    expect(positions.get(['ab'])).toEqual({ line: 1, col: 2 });
    expect(positions.get(['x'])).toEqual({ line: 2, col: 1 });
    expect(positions.get(['x', 'y', 1, 'z'])).toEqual({ line: 2, col: 17 });
  });

  it('survives nesting far deeper than it records', () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const text = `{"a": ${deep}, "b": 1}`;
    const positions = scanJsonPositions(text);
    expect(positions.get(['b'])).toEqual({ line: 1, col: text.indexOf('"b"') + 1 });
    expect(positions.get(['a', 0, 0])).toEqual({ line: 1, col: 9 });
  });
});

describe('offsetLocator', () => {
  it('maps offsets to 1-based lines and columns, clamping out-of-range offsets', () => {
    const at = offsetLocator('ab\ncd\n');
    expect(at(0)).toEqual({ line: 1, col: 1 });
    expect(at(2)).toEqual({ line: 1, col: 3 });
    expect(at(3)).toEqual({ line: 2, col: 1 });
    expect(at(6)).toEqual({ line: 3, col: 1 });
    expect(at(99)).toEqual({ line: 3, col: 1 });
    expect(at(-5)).toEqual({ line: 1, col: 1 });
  });
});
