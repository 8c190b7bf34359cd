import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse as parseToml, stringify } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, Result } from '../../src/engine/errors.js';
import { findJsonSyntaxError } from '../../src/engine/formula/json-syntax.js';
import { parseFormula } from '../../src/engine/formula/parse-formula.js';
import type { ParsedFormula } from '../../src/engine/formula/parsed-formula.js';
import { scanTomlPositions } from '../../src/engine/formula/toml-positions.js';

/** `npm test` stays fast; the reliability suite sets FUZZ_RUNS=100000. */
const RUNS = Number(process.env.FUZZ_RUNS) > 0 ? Number(process.env.FUZZ_RUNS) : 200;
const TIMEOUT = Math.max(60_000, RUNS * 20);
const params = { numRuns: RUNS };

const CORPUS = join(import.meta.dirname, '../fixtures/corpus');
function formulaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return formulaFiles(path);
    return name.endsWith('.toml') ? [path] : [];
  });
}
// The smaller files keep a mutation run cheap; they still cover every construct the corpus uses.
const CORPUS_TEXTS = formulaFiles(CORPUS)
  .map((file) => readFileSync(file, 'utf8'))
  .filter((text) => text.length < 30_000);

/** Whatever the input, the answer is a Result whose every place lies inside the text. */
function expectWellFormed(result: Result<ParsedFormula>, text: string): void {
  expect(typeof result.ok).toBe('boolean');
  const lineCount = text.split('\n').length;
  const inside = (d: Diagnostic) => {
    expect(d.line ?? 1).toBeGreaterThanOrEqual(1);
    expect(d.line ?? 1).toBeLessThanOrEqual(lineCount + 1);
    expect(d.col ?? 1).toBeGreaterThanOrEqual(1);
    expect(d.message.length).toBeGreaterThan(0);
  };
  if (result.ok) {
    result.value.warnings.forEach(inside);
    expect(result.value.locate(['steps', 0, 'id']).line).toBeGreaterThanOrEqual(1);
  } else {
    expect(result.error.code).toMatch(/^[a-z-]+$/);
    expect(result.error.code).not.toBe('internal-error');
    expect(result.error.diagnostics?.length).toBeGreaterThan(0);
    result.error.diagnostics?.forEach(inside);
  }
}

const tomlChars = fc.constantFrom(
  ...'[]{}"\'=.,#\n \t\\abcxyz019_-'.split(''),
  '"""',
  "'''",
  '\r\n',
  'é',
  '\u0000',
);

describe('parseFormula never throws', () => {
  it(
    'on arbitrary text, as TOML and as JSON',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.string({ unit: 'binary' }),
            fc.array(tomlChars, { maxLength: 80 }).map((cs) => cs.join('')),
          ),
          fc.constantFrom('f.formula.toml', 'f.formula.json'),
          (text, file) => expectWellFormed(parseFormula(text, file), text),
        ),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'on TOML built from a small grammar of formula-like documents',
    () => {
      fc.assert(
        fc.property(tomlDocument, (text) => expectWellFormed(parseFormula(text, 'g.formula.toml'), text)),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'on corpus files with a character deleted, a line duplicated, lines swapped, or a quote or bracket inserted',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...CORPUS_TEXTS), mutation, (text, mutate) => {
          const mutated = mutate(text);
          expectWellFormed(parseFormula(mutated, 'm.formula.toml'), mutated);
        }),
        params,
      );
    },
    TIMEOUT,
  );
});

describe('positions', () => {
  it(
    'every key smol-toml reads from a grammar document has a recorded place on its own key',
    () => {
      fc.assert(
        fc.property(tomlDocument, (text) => {
          let data: unknown;
          try {
            data = parseToml(text);
          } catch {
            return; // only documents smol-toml accepts have keys to place
          }
          const positions = scanTomlPositions(text);
          const rows = text.split('\n');
          for (const path of keyPaths(data)) {
            const place = positions.get(path);
            expect(place, JSON.stringify(path)).toBeDefined();
            const { line, col } = place as { line: number; col: number };
            const here = (rows[line - 1] ?? '').slice(col - 1);
            const last = path[path.length - 1];
            if (typeof last === 'string')
              expect(here.startsWith(last) || /^["']/.test(here), JSON.stringify(path)).toBe(true);
          }
        }),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'round trip: for formulas written by smol-toml, locate() of each step id and var is on its own line',
    () => {
      fc.assert(
        fc.property(formulaObject, (formula) => {
          const text = stringify(formula);
          const result = parseFormula(text, 'rt.formula.toml');
          expect(result.ok, text).toBe(true);
          if (!result.ok) return;
          const rows = text.split('\n');
          formula.steps.forEach((step, i) => {
            const { line, col } = result.value.locate(['steps', i, 'id']);
            const row = rows[(line ?? 0) - 1] ?? '';
            expect(row).toBe(stringify({ id: step.id }).trim());
            expect(row.slice((col ?? 1) - 1).startsWith('id')).toBe(true);
          });
          for (const name of Object.keys(formula.vars)) {
            const { line, col } = result.value.locate(['vars', name]);
            const written = keyAsWritten(name);
            expect(
              (rows[(line ?? 0) - 1] ?? '').slice((col ?? 1) - 1).startsWith(written),
              `${name} in\n${text}`,
            ).toBe(true);
          }
        }),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'round trip through JSON: locate() of each step id points at its "id" key',
    () => {
      fc.assert(
        fc.property(formulaObject, fc.constantFrom(0, 2), (formula, indent) => {
          const text = JSON.stringify(formula, null, indent);
          const result = parseFormula(text, 'rt.formula.json');
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const rows = text.split('\n');
          formula.steps.forEach((step, i) => {
            const { line, col } = result.value.locate(['steps', i, 'id']);
            const here = (rows[(line ?? 0) - 1] ?? '').slice((col ?? 1) - 1);
            expect(here.startsWith(`"id":${indent ? ' ' : ''}${JSON.stringify(step.id)}`)).toBe(true);
          });
        }),
        params,
      );
    },
    TIMEOUT,
  );
});

describe('findJsonSyntaxError', () => {
  it(
    'finds an error exactly when JSON.parse refuses the text',
    () => {
      const jsonish = fc.jsonValue().chain((value) =>
        fc
          .tuple(fc.nat(), fc.constantFrom('', ',', '"', '}', ']', '{', '\n', 'x', '\\', '0'))
          .map(([at, insert]) => {
            const text = JSON.stringify(value, null, 1) ?? 'null';
            const cut = at % (text.length + 1);
            return text.slice(0, cut) + insert + text.slice(cut);
          }),
      );
      fc.assert(
        fc.property(fc.oneof(fc.string(), jsonish), (text) => {
          let valid = true;
          try {
            JSON.parse(text);
          } catch {
            valid = false;
          }
          const found = findJsonSyntaxError(text);
          expect(found === undefined, text).toBe(valid);
          if (found) expect(found.offset).toBeLessThanOrEqual(text.length);
        }),
        params,
      );
    },
    TIMEOUT,
  );
});

// ---- generators ----

const bareKey = fc.oneof(
  fc.constantFrom(
    'formula',
    'steps',
    'id',
    'needs',
    'run',
    'gate',
    'type',
    'vars',
    'max_retries',
    'timeout',
    'focuss',
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,6}$/),
);
const anyKey = fc.oneof(
  { weight: 4, arbitrary: bareKey },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }).map((k) => JSON.stringify(k)) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z .#=[\]"]{0,5}$/).map((k) => `'${k.replace(/'/g, '')}'`) },
);
const dottedKey = fc.array(anyKey, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));
const scalar = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
  fc.stringMatching(/^[a-z [\]=#"]{0,10}$/).map((s) => `'${s.replace(/'/g, '')}'`),
  fc.stringMatching(/^[a-z [\]=#\n"']{0,30}$/).map((s) => `"""${s}"""`),
  fc.stringMatching(/^[a-z [\]=#\n"]{0,30}$/).map((s) => `'''${s}'''`),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => String(n)),
  fc.constantFrom('true', 'false', 'inf', 'nan', '1979-05-27', '1979-05-27T07:32:00Z', '0x1F', '1_000'),
);
const { value: tomlValue } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
    fc
      .array(fc.tuple(dottedKey, tie('value')), { maxLength: 3 })
      .map((pairs) => `{ ${pairs.map(([k, v]) => `${k} = ${v}`).join(', ')} }`),
  ),
}));
const tomlLine = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(dottedKey, tomlValue).map(([k, v]) => `${k} = ${v}`) },
  { weight: 2, arbitrary: dottedKey.map((k) => `[${k}]`) },
  { weight: 2, arbitrary: dottedKey.map((k) => `[[${k}]]`) },
  { weight: 1, arbitrary: fc.constantFrom('# comment [not] = "x"', '', '   ') },
);
const tomlDocument = fc.array(tomlLine, { maxLength: 14 }).map((rows) => rows.join('\n'));

type Mutation = (text: string) => string;
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map(
    (at): Mutation =>
      (text) => {
        const i = at % Math.max(1, text.length);
        return text.slice(0, i) + text.slice(i + 1);
      },
  ),
  fc.nat().map(
    (at): Mutation =>
      (text) => {
        const rows = text.split('\n');
        const i = at % rows.length;
        rows.splice(i, 0, rows[i] ?? '');
        return rows.join('\n');
      },
  ),
  fc.tuple(fc.nat(), fc.nat()).map(
    ([a, b]): Mutation =>
      (text) => {
        const rows = text.split('\n');
        const i = a % rows.length;
        const j = b % rows.length;
        [rows[i], rows[j]] = [rows[j] ?? '', rows[i] ?? ''];
        return rows.join('\n');
      },
  ),
  fc.tuple(fc.nat(), fc.constantFrom('"', '[')).map(
    ([at, c]): Mutation =>
      (text) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + c + text.slice(i);
      },
  ),
);

const stepId = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_-]{0,12}$/) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 10 }) },
);
const formulaObject = fc.record({
  formula: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
  vars: fc.dictionary(
    fc.string({ minLength: 1, maxLength: 8 }),
    fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.record({ description: fc.string({ maxLength: 20 }), default: fc.string() }),
    ),
    { maxKeys: 4 },
  ),
  steps: fc.uniqueArray(
    fc.record(
      {
        id: stepId,
        title: fc.string({ maxLength: 20 }),
        description: fc.string({ maxLength: 60 }),
        needs: fc.array(stepId, { maxLength: 3 }),
      },
      { requiredKeys: ['id'] },
    ),
    { selector: (step) => step.id, minLength: 1, maxLength: 10 },
  ),
});

/** How smol-toml writes `name` as a key: bare when it can be, quoted otherwise. */
function keyAsWritten(name: string): string {
  const row = stringify({ [name]: 1 }).trim();
  return row.slice(0, row.lastIndexOf(' = 1'));
}

/** Every key and array-element path in a parsed TOML value (dates are values, not tables). */
function keyPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => [[...path, i], ...keyPaths(item, [...path, i])]);
  if (value === null || typeof value !== 'object' || value instanceof Date) return [];
  return Object.entries(value).flatMap(([k, v]) => [[...path, k], ...keyPaths(v, [...path, k])]);
}
