import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Diagnostic,
  formatDiagnostic,
  type MolError,
  type Result,
} from '../../../../src/engine/errors.js';
import {
  formatOfFile,
  formulaNameOfFile,
  parseFormula,
} from '../../../../src/engine/formula/parse-formula.js';
import type { ParsedFormula } from '../../../../src/engine/formula/parsed-formula.js';

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

function parsed(result: Result<ParsedFormula>): ParsedFormula {
  if (!result.ok) throw new Error(`expected a formula, got ${formatDiagnostic(result.error)}`);
  return result.value;
}

function refused(result: Result<ParsedFormula>): MolError {
  if (result.ok) throw new Error('expected the formula to be refused');
  return result.error;
}

/** Each diagnostic as the one line a user sees. */
function lines(diagnostics: readonly Diagnostic[] | undefined): string[] {
  return (diagnostics ?? []).map((d) => formatDiagnostic(d));
}

const toml = (...rows: string[]) => `${rows.join('\n')}\n`;

describe('parseFormula: syntax errors', () => {
  it('reports a TOML syntax error at the line and column smol-toml gives, in a sentence', () => {
    const error = refused(
      parseFormula(toml('formula = "x"', '[[steps]]', 'id = "a"', 'needs = ["b"'), 'f.formula.toml'),
    );
    expect(error).toMatchObject({ code: 'toml-syntax', file: 'f.formula.toml', line: 5, col: 1 });
    expect(error.message).toBe('this file is not valid TOML: expected comma or end of structure');
    expect(lines(error.diagnostics)).toEqual([
      'f.formula.toml:5:1: error: this file is not valid TOML: expected comma or end of structure',
    ]);
  });

  it('reports an unterminated string where smol-toml finds the line ends', () => {
    const error = refused(parseFormula('formula = "x\n', 'f.toml'));
    expect(error).toMatchObject({ code: 'toml-syntax', line: 1, col: 13 });
    expect(error.message).toBe(
      'this file is not valid TOML: a string is not closed before the end of its line (use """ for text over several lines)',
    );
    // A real control character inside a string keeps smol-toml's own words.
    expect(refused(parseFormula('formula = "a\u0001b"', 'f.toml'))).toMatchObject({
      line: 1,
      col: 13,
      message: 'this file is not valid TOML: control characters are not allowed in strings',
    });
  });

  it('reports a JSON syntax error with a line and column computed from the text', () => {
    const text = '{\n  "formula": "e",\n  "steps": [\n    {"id": "a",}\n  ]\n}';
    const error = refused(parseFormula(text, 'e.formula.json'));
    expect(error).toMatchObject({ code: 'json-syntax', file: 'e.formula.json', line: 4, col: 16 });
    expect(error.message).toBe(
      'this file is not valid JSON: expected a property name in double quotes (remove the comma before "}")',
    );
  });

  it('reports a JSON file that ends too early at its end', () => {
    expect(refused(parseFormula('{"formula": "x",\n "steps": [', 'x.json'))).toMatchObject({
      code: 'json-syntax',
      line: 2,
      col: 12,
      message: 'this file is not valid JSON: the JSON ends too early',
    });
  });
});

describe('parseFormula: schema errors in plain sentences at file:line:col', () => {
  const text = toml(
    'formula = "a"', //                 1
    'execution = "remote"', //          2
    '[[steps]]', //                     3
    'id = "x"', //                      4
    'max_retries = "three"', //         5
    '[[steps]]', //                     6
    'title = "no id"', //               7
    'needs = "x"', //                   8
    '[[steps]]', //                     9
    'id = "z"', //                      10
    'gate = { type = "foo" }', //       11
    'timeout = "soon"', //              12
  );

  it('returns every error, the first in the file as the MolError, all of them in diagnostics', () => {
    const error = refused(parseFormula(text, 'a.formula.toml'));
    expect(error).toMatchObject({ code: 'invalid-value', file: 'a.formula.toml', line: 2, col: 1 });
    expect(error.message).toBe('execution must be local or distributed, not "remote"');
    expect(lines(error.diagnostics)).toEqual([
      'a.formula.toml:2:1: error: execution must be local or distributed, not "remote"',
      'a.formula.toml:5:1: error: steps[0].max_retries must be a whole number ≥ 0, not "three"',
      'a.formula.toml:6:1: error: steps[1] is missing id, which must be non-empty text',
      'a.formula.toml:8:1: error: steps[1].needs must be a list of text, not "x"',
      'a.formula.toml:11:10: error: unknown gate type "foo" in steps[2].gate; expected one of command, files, checks, approval, pr-merged, timer, schema, conditional, gh:run, gh:pr, human, mail',
      'a.formula.toml:12:1: error: steps[2].timeout must be a duration such as "30m", "2h" or "1d", not "soon"',
    ]);
    expect(error.diagnostics?.map((d) => d.code)).toEqual([
      'invalid-value',
      'invalid-value',
      'missing-key',
      'invalid-value',
      'unknown-type',
      'invalid-value',
    ]);
  });

  it('explains the option a union value was meant for (a var table, a gate in a list)', () => {
    const error = refused(
      parseFormula(
        toml(
          '[vars]',
          'plain = 5',
          'typed = { required = "yes" }',
          '[[steps]]',
          'id = "s"',
          'gate = [{ type = "command" }, { type = "files", paths = "x" }, { run = "y" }]',
        ),
        'u.toml',
      ),
    );
    const gateLine = 'gate = [{ type = "command" }, { type = "files", paths = "x" }, { run = "y" }]';
    expect(lines(error.diagnostics)).toEqual([
      'u.toml:2:1: error: vars.plain must be text or a table, not 5',
      'u.toml:3:11: error: vars.typed.required must be true or false, not "yes"',
      'u.toml:6:9: error: steps[0].gate[0] is missing run, which must be text',
      `u.toml:6:${gateLine.indexOf('paths') + 1}: error: steps[0].gate[1].paths must be a list of text, not "x"`,
      `u.toml:6:${gateLine.indexOf('{ run') + 1}: error: steps[0].gate[2] has no type; expected one of command, files, checks, approval, pr-merged, timer, schema, conditional, gh:run, gh:pr, human, mail`,
    ]);
  });

  it('says what the top level must be when a JSON formula is not an object', () => {
    expect(lines(refused(parseFormula('[1, 2]', 'list.json')).diagnostics)).toEqual([
      'list.json:1:1: error: the formula must be a table, not a list',
    ]);
  });
});

describe('parseFormula: variables', () => {
  it('refuses a required variable with a default, at the variable', () => {
    const text = toml(
      'formula = "v"',
      '[vars]',
      '[vars.branch]',
      'required = true',
      'default = "main"',
      '[vars.ok]',
      'default = "x"',
    );
    const error = refused(parseFormula(text, 'v.formula.toml'));
    expect(error).toMatchObject({ code: 'var-required-with-default', line: 3, col: 7 });
    expect(error.message).toBe(
      'variable "branch" is required and has a default; a required variable cannot have a default — remove one',
    );
    expect(error.diagnostics).toHaveLength(1);
  });

  it('accepts required = false with a default, and required without one', () => {
    const text = toml('[vars.a]', 'required = false', 'default = "x"', '[vars.b]', 'required = true');
    expect(parsed(parseFormula(text, 'ok.toml')).data.vars).toEqual({
      a: { required: false, default: 'x' },
      b: { required: true },
    });
  });

  it('checks inputs (the convoy name for vars) the same way', () => {
    const error = refused(parseFormula(toml('[inputs.pr]', 'required = true', 'default = 1'), 'c.toml'));
    expect(error).toMatchObject({ code: 'var-required-with-default', line: 1, col: 9 });
  });
});

describe('parseFormula: {{var}} in run commands', () => {
  const text = toml(
    '[[steps]]', //                          1
    'id = "a"', //                           2
    'run = "echo {{x}} {{ y }} {{x}}"', //   3
    '[steps.gate]', //                       4
    'type = "command"', //                   5
    '  run = "test {{z}}"', //               6
    '[[steps]]', //                          7
    'id = "b"', //                           8
    'run = "echo $MOL_VAR_X {x}"', //        9
    'gates = [{ type = "command", run = "{{w}}" }]', // 10
    '[[legs]]', //                           11
    'id = "l"', //                           12
    'run = "{{x}}"', //                      13
    '[synthesis]', //                        14
    'run = "{{q-r}}"', //                    15
  );

  it('refuses each run that uses a placeholder, at the run key, naming the environment variable to use', () => {
    const error = refused(parseFormula(text, 'r.toml'));
    expect(lines(error.diagnostics)).toEqual([
      'r.toml:3:1: error: steps[0].run uses {{x}}, {{y}}; variables reach commands only as environment variables: write "$MOL_VAR_X", "$MOL_VAR_Y" instead',
      'r.toml:6:3: error: steps[0].gate.run uses {{z}}; variables reach commands only as environment variables: write "$MOL_VAR_Z" instead',
      'r.toml:10:30: error: steps[1].gates[0].run uses {{w}}; variables reach commands only as environment variables: write "$MOL_VAR_W" instead',
      'r.toml:13:1: error: legs[0].run uses {{x}}; variables reach commands only as environment variables: write "$MOL_VAR_X" instead',
      'r.toml:15:1: error: synthesis.run uses {{q-r}}; variables reach commands only as environment variables: write "$MOL_VAR_Q_R" instead',
    ]);
    expect(new Set(error.diagnostics?.map((d) => d.code))).toEqual(new Set(['var-in-run']));
  });

  it('looks into template steps, advice steps, nested children and step overrides', () => {
    const text = toml(
      '[[template]]',
      'id = "t"',
      'run = "{{a}}"',
      '[[advice]]',
      'target = "*"',
      '[[advice.around.after]]',
      'id = "after"',
      'run = "{{b}}"',
      '[[steps]]',
      'id = "p"',
      '[[steps.children]]',
      'id = "c"',
      'run = "{{c}}"',
      '[[step-overrides]]',
      'step_id = "p"',
      'run = "{{d}}"',
    );
    const error = refused(parseFormula(text, 'm.toml'));
    expect(error.diagnostics?.map((d) => `${d.line}:${d.col} ${d.message.split(' uses ')[0]}`)).toEqual([
      '3:1 template[0].run',
      '8:1 advice[0].around.after[0].run',
      '13:1 steps[0].children[0].run',
      '16:1 step-overrides[0].run',
    ]);
  });

  it('leaves {{var}} in descriptions alone', () => {
    const ok = parsed(
      parseFormula(toml('[[steps]]', 'id = "a"', 'description = "branch {{b}}"', 'run = "true"'), 'd.toml'),
    );
    expect(ok.data.steps?.[0]?.description).toBe('branch {{b}}');
  });
});

describe('parseFormula: unknown keys', () => {
  const text = toml(
    'formula = "w"', //                    1
    '[[steps]]', //                        2
    'id = "a"', //                         3
    '[[steps]]', //                        4
    'id = "b"', //                         5
    '[[steps]]', //                        6
    'id = "c"', //                         7
    '  focuss = "typo"', //                8
    'gate = { type = "timer", after = "1h", every = "2h" }', // 9
    '[steps.extra]', //                    10
    'deep.er = 1', //                      11
    'more = 2', //                         12
    '[DOG]', //                            13
    'x = { y = 1 }', //                    14
    '[prompts]', //                        15
    'anything = { goes = 1 }', //          16
    '[output.files]', //                   17
    'a = 1', //                            18
    '[presets.full]', //                   19
    'legs = ["x"]', //                     20
    '[vars.v]', //                         21
    'default = "x"', //                    22
    'secret = true', //                    23
  );

  it('warns once per unknown key, where it stands, and keeps the formula', () => {
    const formula = parsed(parseFormula(text, 'w.formula.toml'));
    expect(lines(formula.warnings)).toEqual([
      'w.formula.toml:8:3: warning: unknown key "focuss" in steps[2] (ignored)',
      'w.formula.toml:9:40: warning: unknown key "every" in steps[2].gate (ignored)',
      'w.formula.toml:10:8: warning: unknown key "extra" in steps[2] (ignored)',
      'w.formula.toml:13:2: warning: unknown key "DOG" at the top level (ignored)',
      'w.formula.toml:23:1: warning: unknown key "secret" in vars.v (ignored)',
    ]);
    expect(formula.warnings.every((w) => w.severity === 'warning' && w.code === 'unknown-key')).toBe(true);
    expect(formula.data.steps?.[2]?.focuss).toBe('typo');
  });

  it('names the key a near miss was meant to be, in every table', () => {
    const typos = toml(
      'formula = "t"', //                    1
      'max_retires = 2', //                  2
      '[vars.name]', //                      3
      'defualt = "w"', //                    4
      '[[steps]]', //                        5
      'id = "a"', //                         6
      'max_retires = 3', //                  7
      'run = "true"', //                     8
      'max_retries = 1', //                  9
      'gate = { type = "command", rnu = "true", run = "x" }', // 10
      '[[steps]]', //                        11
      'id = "b"', //                         12
      'tilte = "x"', //                      13
      '[steps.retry]', //                    14
      'max_attempts = 2', //                 15
      'on_exhaust = "soft_fail"', //         16
    );
    const formula = parsed(parseFormula(typos, 't.formula.toml'));
    expect(lines(formula.warnings)).toEqual([
      't.formula.toml:2:1: warning: unknown key "max_retires" at the top level (ignored); did you mean "max_retries"?',
      't.formula.toml:4:1: warning: unknown key "defualt" in vars.name (ignored); did you mean "default"?',
      // The step already has max_retries: the typo is not offered the key that is there.
      't.formula.toml:7:1: warning: unknown key "max_retires" in steps[0] (ignored)',
      't.formula.toml:10:28: warning: unknown key "rnu" in steps[0].gate (ignored)',
      't.formula.toml:13:1: warning: unknown key "tilte" in steps[1] (ignored); did you mean "title"?',
      't.formula.toml:16:1: warning: unknown key "on_exhaust" in steps[1].retry (ignored); did you mean "on_exhausted"?',
    ]);
  });

  it('suggests the key beside the error its absence causes', () => {
    const error = refused(
      parseFormula(toml('[[steps]]', 'id = "a"', '[steps.retry]', 'max_attempt = 2'), 'r.toml'),
    );
    expect(lines(error.diagnostics)).toEqual([
      'r.toml:3:8: error: steps[0].retry is missing max_attempts, which must be a whole number ≥ 1',
      'r.toml:4:1: warning: unknown key "max_attempt" in steps[0].retry (ignored); did you mean "max_attempts"?',
    ]);
  });

  it('carries the warnings alongside the errors when the formula is refused', () => {
    const error = refused(parseFormula(toml('execution = "x"', 'focuss = 1'), 'x.toml'));
    expect(lines(error.diagnostics)).toEqual([
      'x.toml:1:1: error: execution must be local or distributed, not "x"',
      'x.toml:2:1: warning: unknown key "focuss" at the top level (ignored)',
    ]);
  });
});

describe('parseFormula: names, overlays, formats', () => {
  it('names a formula after its file when it declares no name', () => {
    expect(parsed(parseFormula('[[steps]]\nid = "a"\n', 'dir/sub/my-flow.formula.toml')).data.formula).toBe(
      'my-flow',
    );
    expect(parsed(parseFormula('{"steps": []}', 'C:\\f\\other.formula.json')).data.formula).toBe('other');
    expect(parsed(parseFormula('', 'plain.toml')).data.formula).toBe('plain');
    expect(parsed(parseFormula('formula = "declared"', 'plain.toml')).data.formula).toBe('declared');
    expect(formulaNameOfFile('a/b.json')).toBe('b');
    expect(formulaNameOfFile('noext')).toBe('noext');
  });

  it('detects an overlay: a file of [[step-overrides]] only', () => {
    const overlay = parsed(
      parseFormula(
        toml('# comment', '[[step-overrides]]', 'step_id = "submit"', 'mode = "append"'),
        'o.toml',
      ),
    );
    expect(overlay.isOverlay).toBe(true);
    const formula = parsed(
      parseFormula(toml('formula = "f"', '[[step-overrides]]', 'step_id = "submit"'), 'f.toml'),
    );
    expect(formula.isOverlay).toBe(false);
  });

  it('infers JSON from the file name, and lets the caller say otherwise', () => {
    expect(formatOfFile('a.formula.json')).toBe('json');
    expect(formatOfFile('a.formula.toml')).toBe('toml');
    expect(formatOfFile('a')).toBe('toml');
    const json = '{"formula": "j", "steps": [{"id": "a", "needs": []}]}';
    expect(parsed(parseFormula(json, 'j.formula.json')).format).toBe('json');
    expect(parsed(parseFormula(json, 'j.txt', 'json')).data.steps?.[0]?.id).toBe('a');
    expect(refused(parseFormula('formula = "t"', 't.json')).code).toBe('json-syntax');
    expect(parsed(parseFormula('formula = "t"', 't.json', 'toml')).format).toBe('toml');
  });

  it('places JSON errors and warnings on the key', () => {
    const text =
      '{\n  "formula": "e",\n  "steps": [\n    {"id": "a", "max_retries": 2.5},\n    {"id": "b", "gate": {"type": "timer"}, "focuss": 1}\n  ]\n}';
    const error = refused(parseFormula(text, 'e.formula.json'));
    expect(lines(error.diagnostics)).toEqual([
      'e.formula.json:4:17: error: steps[0].max_retries must be a whole number ≥ 0, not 2.5',
      `e.formula.json:5:17: error: steps[1].gate.after: a timer gate needs after (or Beads' timeout), a duration such as "30m", "2h" or "1d"`,
      'e.formula.json:5:44: warning: unknown key "focuss" in steps[1] (ignored)',
    ]);
  });

  it('locates key paths, or their nearest written ancestor', () => {
    const formula = parsed(
      parseFormula(toml('formula = "l"', '[[steps]]', 'id = "a"', 'needs = ["b", "c"]'), 'l.toml'),
    );
    expect(formula.locate(['steps', 0, 'needs', 1])).toEqual({ file: 'l.toml', line: 4, col: 15 });
    expect(formula.locate(['steps', 0, 'title'])).toEqual({ file: 'l.toml', line: 2, col: 1 });
    expect(formula.locate([])).toEqual({ file: 'l.toml', line: 1, col: 1 });
  });

  it('ignores a byte-order mark when reading and placing', () => {
    const formula = parsed(parseFormula('\ufeffformula = "b"\n[[steps]]\nid = "a"\n', 'b.toml'));
    expect(formula.locate(['formula'])).toEqual({ file: 'b.toml', line: 1, col: 1 });
  });

  it('refuses absurd nesting with a sentence instead of overflowing the stack', () => {
    const deep = `{"steps": [${'{"id": "a", "children": ['.repeat(100)}${']}'.repeat(100)}]}`;
    const error = refused(parseFormula(deep, 'deep.json'));
    expect(error.code).toBe('too-deep');
    expect(error.message).toMatch(/more than 64 levels deep/);
  });

  it('answers input that is not text with an error value, not an exception', () => {
    const error = refused(parseFormula(42 as unknown as string, 'n.toml'));
    expect(error.code).toBe('not-text');
  });
});

describe('parseFormula on the corpus', () => {
  const files = formulaFiles(CORPUS);
  const REFUSED: Record<string, { variable: string; line: number; col: number }> = {
    'mol-digest-generate.formula.toml': { variable: 'period', line: 224, col: 7 },
    'mol-orphan-scan.formula.toml': { variable: 'scope', line: 323, col: 7 },
    'mol-shutdown-dance.formula.toml': { variable: 'requester', line: 516, col: 7 },
  };
  const OVERLAY = 'gastown/docs/contrib-harnesses/polecat-pr-flow/mol-polecat-work.toml';

  it('reads all 55 files: 51 formulas, 1 overlay, 3 refused for a required variable with a default', () => {
    const outcome = { formulas: 0, overlays: 0, refused: 0 };
    for (const file of files) {
      const result = parseFormula(readFileSync(file, 'utf8'), relative(CORPUS, file));
      if (!result.ok) outcome.refused++;
      else if (result.value.isOverlay) outcome.overlays++;
      else outcome.formulas++;
    }
    expect(files).toHaveLength(55);
    expect(outcome).toEqual({ formulas: 51, overlays: 1, refused: 3 });
  });

  it.each(Object.entries(REFUSED))('refuses %s, naming its variable at its place', (name, expected) => {
    const file = files.find((f) => f.endsWith(`/${name}`)) as string;
    const error = refused(parseFormula(readFileSync(file, 'utf8'), name));
    expect(error.code).toBe('var-required-with-default');
    expect(error.message).toContain(`variable "${expected.variable}" is required and has a default`);
    expect({ line: error.line, col: error.col }).toEqual({ line: expected.line, col: expected.col });
    const line = readFileSync(file, 'utf8').split('\n')[expected.line - 1];
    expect(line).toBe(`[vars.${expected.variable}]`);
    expect(error.diagnostics?.filter((d) => d.severity === 'error')).toHaveLength(1);
  });

  it('detects the Gas Town overlay and names it after the formula it modifies', () => {
    const formula = parsed(parseFormula(readFileSync(join(CORPUS, OVERLAY), 'utf8'), OVERLAY));
    expect(formula.isOverlay).toBe(true);
    expect(formula.data['step-overrides']?.[0]?.step_id).toBe('submit-and-exit');
    expect(formula.data.formula).toBe('mol-polecat-work');
  });

  it('accepts every other file with its declared name and no warnings but review_only', () => {
    for (const file of files) {
      const name = relative(CORPUS, file);
      if (name === OVERLAY || Object.keys(REFUSED).some((r) => name.endsWith(r))) continue;
      const formula = parsed(parseFormula(readFileSync(file, 'utf8'), name));
      expect(formula.isOverlay).toBe(false);
      expect(formula.data.formula).toEqual(expect.any(String));
      for (const warning of formula.warnings) {
        expect(warning.message).toBe('unknown key "review_only" at the top level (ignored)');
      }
    }
  });
});
