/**
 * Fuzzing the front door of a formula (issue 6): parse, cook and pour on random TOML and on
 * mutated corpus files. Whatever the text, the answer is a Result — a formula, or a typed error
 * with a code, a sentence and a place — and never an exception. `FUZZ_RUNS` sets the cases per
 * fuzzer (scripts/reliability.mjs: 100,000).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { cook, type FormulaLibrary } from '../../src/engine/cook/cook.js';
import { parseFormula } from '../../src/engine/formula/parse-formula.js';
import type { ParsedFormula } from '../../src/engine/formula/parsed-formula.js';
import { pour } from '../../src/engine/molecule/ops/pour.js';
import { assertTypedResult, describeFailure, runFuzz } from '../helpers/chaos/fuzz.js';
import { mutatedText } from '../helpers/chaos/mutate-text.js';
import { fuzzRuns, seedOf, timeoutFor } from '../helpers/chaos/scale.js';

const RUNS = fuzzRuns(300);
const TIMEOUT = timeoutFor(RUNS, 12);
const T0 = new Date('2026-01-01T00:00:00Z');

const ROOTS = ['test/fixtures/corpus', 'formulas'];
const files = ROOTS.flatMap((root) =>
  readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.toml'))
    .map((e) => join(e.parentPath, e.name)),
).sort();
const texts = files.map((file) => ({ file: relative('.', file), text: readFileSync(file, 'utf8') }));

/** Every corpus and built-in formula by name: what `extends`, `expand` and `aspects` may reach. */
const library: FormulaLibrary = (() => {
  const byName = new Map<string, ParsedFormula>();
  for (const { file, text } of texts) {
    const parsed = parseFormula(text, file);
    if (parsed.ok && typeof parsed.value.data.formula === 'string')
      byName.set(parsed.value.data.formula, parsed.value);
  }
  return { get: (name) => byName.get(name) };
})();
const LIBRARY_NAMES = texts
  .map(({ text }) => /^formula\s*=\s*"([^"]+)"/m.exec(text)?.[1])
  .filter((n): n is string => n !== undefined);

const GATE_SAMPLES = [
  { type: 'command', run: 'npm test' },
  { type: 'command', run: 'x', timeout: 'never' },
  { type: 'files', paths: ['plan.md', '../../etc/passwd'] },
  { type: 'checks', names: ['ci'] },
  { type: 'approval', permission: 'maintain' },
  { type: 'approval', permission: 'god' },
  { type: 'pr-merged' },
  { type: 'timer', after: '2h' },
  { type: 'timer', after: 'later' },
  { type: 'schema', file: 'plan.json', schema: 'schemas/plan.json' },
  { type: 'gh:run' },
  { type: 'human' },
  { type: 'teleport' },
];

const varValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('$(touch /tmp/pwned)', '; rm -rf ~', '`id`', '{{x}}', '', 'prod', 'a\nb'),
);
const varValues = fc.dictionary(
  fc.constantFrom('feature', 'env', 'x', 'name', 'issue', 'component'),
  varValue,
  {
    maxKeys: 3,
  },
);

/** parse → cook → pour, each answer checked; a throw anywhere fails the case. */
function throughPour(text: string, file: string, vars: Record<string, string>): void {
  const parsed = parseFormula(text, file);
  assertTypedResult(parsed, `parse ${file}`);
  if (!parsed.ok) return;
  const cooked = cook(parsed.value, { library, vars });
  assertTypedResult(cooked, `cook ${file}`);
  if (!cooked.ok) return;
  const poured = pour(cooked.value.proto, {
    id: 'fuzz-1',
    now: T0,
    vars,
    formula: { name: cooked.value.proto.formula, source: 'builtin@1' },
  });
  assertTypedResult(poured, `pour ${file}`);
}

// Small id and name pools make the interesting collisions (duplicates, cycles, self-needs) common.
const stepId = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'plan', 'build', 'x.y', '', '{target}', 'a b');
const step = fc.record(
  {
    id: stepId,
    title: fc.oneof(fc.string({ maxLength: 10 }), fc.constant('{{feature}} {target.title}')),
    needs: fc.array(stepId, { maxLength: 3 }),
    depends_on: fc.array(stepId, { maxLength: 2 }),
    type: fc.constantFrom('task', 'human', 'gate', 'parallel', 'weird'),
    run: fc.constantFrom('echo ok', 'echo {{feature}}', 'exit 1', 'echo "$MOL_VAR_FEATURE"'),
    gate: fc.oneof(
      fc.constantFrom(...GATE_SAMPLES),
      fc.array(fc.constantFrom(...GATE_SAMPLES), { maxLength: 2 }),
    ),
    max_retries: fc.integer({ min: -2, max: 5 }),
    on_fail: stepId,
    max_loops: fc.integer({ min: -1, max: 4 }),
    timeout: fc.constantFrom('30m', '2h', '0s', 'soon', '1d2h'),
    trigger: fc.constantFrom('all_success', 'all_done', 'one_failed', 'sometimes'),
    condition: fc.constantFrom('feature != ""', 'env == "prod"', 'x ==', '!(a', 'true', 'env in ["a"]'),
    output: fc.constantFrom('plan.md', '../escape', '/abs'),
  },
  { requiredKeys: ['id'] },
);
const variable = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.record(
    {
      description: fc.string({ maxLength: 6 }),
      default: fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean()),
      required: fc.boolean(),
      pattern: fc.constantFrom('^[a-z]+$', '(', '.*', '[', '^(a+)+$'),
      enum: fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
    },
    { requiredKeys: [] },
  ),
);
const formulaObject = fc.record(
  {
    formula: fc.constantFrom('fuzz', 'x', '', 'with space', ...LIBRARY_NAMES.slice(0, 5)),
    description: fc.string({ maxLength: 10 }),
    version: fc.oneof(fc.integer(), fc.string({ maxLength: 3 })),
    type: fc.constantFrom('workflow', 'convoy', 'expansion', 'aspect', 'other'),
    execution: fc.constantFrom('local', 'distributed', 'remote'),
    vars: fc.dictionary(fc.constantFrom('feature', 'env', 'x', 'name'), variable, { maxKeys: 3 }),
    steps: fc.array(step, { maxLength: 6 }),
    extends: fc.oneof(
      fc.constantFrom(...LIBRARY_NAMES),
      fc.array(fc.constantFrom('nope', ...LIBRARY_NAMES), { maxLength: 2 }),
    ),
    compose: fc.record(
      {
        expand: fc.array(fc.record({ target: stepId, with: fc.constantFrom('nope', ...LIBRARY_NAMES) }), {
          maxLength: 2,
        }),
        aspects: fc.array(fc.constantFrom('nope', ...LIBRARY_NAMES), { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    template: fc.array(step, { maxLength: 3 }),
    legs: fc.array(fc.record({ id: stepId, title: fc.string({ maxLength: 5 }) }), { maxLength: 3 }),
    synthesis: fc.record({ id: stepId, needs: fc.array(stepId, { maxLength: 2 }) }, { requiredKeys: [] }),
    max_loops: fc.integer({ min: -1, max: 3 }),
  },
  { requiredKeys: [] },
);

describe('fuzzing formulas: parse, cook and pour never throw', () => {
  it(
    'random formula-shaped TOML (duplicate ids, cycles, unknown needs, bad gates, vars, extends, expansions)',
    () => {
      const details = runFuzz({
        name: 'formula: random TOML → parse, cook, pour',
        tried:
          'formula-shaped documents from a grammar (small id pools, cycles, bad gates/vars/durations, extends/expand/aspects of corpus names), written by smol-toml, optionally mutated, with hostile var values',
        held: 'every answer a formula or a typed error (code, sentence, place); no exception',
        runs: RUNS,
        seed: seedOf(),
        arbitrary: fc.tuple(formulaObject, fc.boolean(), fc.integer(), varValues),
        check: ([formula, mutate, seed, vars]) => {
          let text: string;
          try {
            text = stringify(formula);
          } catch {
            return; // smol-toml refused the object (not our input to judge)
          }
          if (mutate) text = mutatedText(text, seed);
          throughPour(text, 'fuzz.formula.toml', vars);
          throughPour(JSON.stringify(formula), 'fuzz.formula.json', vars);
        },
      });
      expect(details.failed, describeFailure(details)).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'mutated corpus and built-in files (deleted, duplicated, swapped, truncated, injected text)',
    () => {
      const details = runFuzz({
        name: 'formula: mutated corpus → parse, cook, pour',
        tried: `the ${texts.length} corpus and built-in formula files with 1–4 random edits each (cut, duplicate, swap lines, insert TOML punctuation or hostile text, truncate), cooked against the whole corpus as library`,
        held: 'every answer a formula or a typed error (code, sentence, place); no exception',
        runs: RUNS,
        seed: seedOf(),
        arbitrary: fc.tuple(fc.nat({ max: texts.length - 1 }), fc.integer(), varValues),
        check: ([index, seed, vars]) => {
          const source = texts[index] as { file: string; text: string };
          throughPour(mutatedText(source.text, seed), source.file, vars);
        },
      });
      expect(details.failed, describeFailure(details)).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'random text, as TOML and as JSON',
    () => {
      const details = runFuzz({
        name: 'formula: arbitrary text → parse, cook',
        tried: 'arbitrary strings (unicode, binary, TOML punctuation soup) as .toml and .json formula files',
        held: 'every answer a formula or a typed error; no exception',
        runs: RUNS,
        seed: seedOf(),
        arbitrary: fc.tuple(
          fc.oneof(
            fc.string({ maxLength: 200 }),
            fc.string({ unit: 'binary', maxLength: 200 }),
            fc
              .array(
                fc.constantFrom(
                  ...'[]{}"\'=.,#\n \t\\abc019_-'.split(''),
                  '[[steps]]',
                  'id = ',
                  '"""',
                  "'''",
                ),
                { maxLength: 80 },
              )
              .map((cs) => cs.join('')),
          ),
          fc.constantFrom('f.formula.toml', 'f.formula.json'),
        ),
        check: ([text, file]) => throughPour(text, file, {}),
      });
      expect(details.failed, describeFailure(details)).toBe(false);
    },
    TIMEOUT,
  );
});
