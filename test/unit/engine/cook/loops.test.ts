import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { parseFormula } from '../../../../src/engine/formula/parse-formula.js';
import { formula, lineOf } from './fixture.js';

function stepsOf(text: string) {
  const result = cook(formula(text));
  if (!result.ok) throw new Error(result.error.message);
  return Object.fromEntries(result.value.proto.steps.map((s) => [s.id, s]));
}

function cookError(text: string) {
  const result = cook(formula(text));
  if (result.ok) throw new Error('cooked');
  return result.error;
}

function parseError(text: string) {
  const result = parseFormula(text, 'loops.formula.toml');
  if (result.ok) throw new Error('parsed');
  return result.error;
}

describe('cook: Gas City ralph and retry', () => {
  const text = `formula = "loops"
max_retries = 5
[[steps]]
id = "implement"
run = "make"
gate = { type = "files", paths = ["out"] }
[steps.ralph]
max_attempts = 3
[steps.ralph.check]
mode = "exec"
path = ".gc/scripts/check it's done.sh"
timeout = "30s"

[[steps]]
id = "review"
needs = ["implement"]
metadata = { "gc.kind" = "review", owner = "ana" }
[steps.retry]
max_attempts = 2
on_exhausted = "soft_fail"

[[steps]]
id = "land"
needs = ["review"]
[steps.retry]
max_attempts = 1

[[steps]]
id = "plain"
needs = ["land"]
`;

  it('parses without warnings', () => {
    expect(formula(text).warnings).toEqual([]);
  });

  it('turns max_attempts (runs in total) into the retry budget, over the formula default', () => {
    const s = stepsOf(text);
    expect(s.implement?.maxRetries).toBe(2);
    expect(s.review?.maxRetries).toBe(1);
    expect(s.land?.maxRetries).toBe(0);
    expect(s.plain?.maxRetries).toBe(5);
  });

  it('runs the ralph check as a command gate after the step’s own gates, quoted, relative to the workspace', () => {
    const s = stepsOf(text);
    expect(s.implement?.gates).toEqual([
      { type: 'files', paths: ['out'] },
      { type: 'command', run: `'./.gc/scripts/check it'\\''s done.sh'`, timeout: '30s' },
    ]);
    expect(s.implement?.type).toBe('task');
  });

  it('keeps on_exhausted (hard_fail when a retry does not say) and metadata on the proto step', () => {
    const s = stepsOf(text);
    expect(s.review?.onExhausted).toBe('soft_fail');
    expect(s.review?.metadata).toEqual({ 'gc.kind': 'review', owner: 'ana' });
    expect(s.land?.onExhausted).toBe('hard_fail');
    expect(s.implement?.onExhausted).toBeUndefined();
    expect(s.plain?.metadata).toBeUndefined();
  });

  it('keeps an absolute check path as it is and runs a bare file name from the workspace, not PATH', () => {
    const s = stepsOf(`[[steps]]
id = "a"
ralph = { max_attempts = 2, check = { mode = "exec", path = "/opt/check" } }
[[steps]]
id = "b"
ralph = { max_attempts = 2, check = { mode = "exec", path = "check.sh" } }
`);
    expect(s.a?.gates).toEqual([{ type: 'command', run: `'/opt/check'` }]);
    expect(s.b?.gates).toEqual([{ type: 'command', run: `'./check.sh'` }]);
  });

  it('refuses ralph with retry, max_retries with max_attempts, a second command gate and a path out of the workspace', () => {
    const both = `[[steps]]
id = "x"
ralph = { max_attempts = 2, check = { mode = "exec", path = "c" } }
retry = { max_attempts = 2 }
`;
    const e1 = cookError(both);
    expect(e1.code).toBe('loop-conflict');
    expect(e1.message).toContain('both [steps.ralph] and [steps.retry]');
    expect(e1.line).toBe(lineOf(both, 'retry ='));

    const budget = `[[steps]]
id = "x"
max_retries = 4
retry = { max_attempts = 2 }
`;
    const e2 = cookError(budget);
    expect(e2.message).toContain('sets both max_retries and retry.max_attempts');
    expect(e2.line).toBe(lineOf(budget, 'max_retries'));

    const gate = `[[steps]]
id = "x"
gate = { type = "command", run = "true" }
ralph = { max_attempts = 2, check = { mode = "exec", path = "c" } }
`;
    expect(cookError(gate).message).toContain('has a command gate and a ralph check');

    const out = `[[steps]]
id = "x"
[steps.ralph]
max_attempts = 2
[steps.ralph.check]
mode = "exec"
path = "../elsewhere/check.sh"
`;
    const e4 = cookError(out);
    expect(e4.message).toContain("leaves the step's workspace");
    expect([e4.line, e4.col]).toEqual([lineOf(out, 'path ='), 1]);
  });

  it('points at bad values with file:line:col', () => {
    const cases: [string, string, string][] = [
      [
        '[steps.ralph]\nmax_attempts = 0\ncheck = { mode = "exec", path = "c" }',
        'max_attempts = 0',
        'max_attempts',
      ],
      ['[steps.ralph]\nmax_attempts = 2\ncheck = { mode = "llm", path = "c" }', 'check =', 'mode'],
      ['[steps.ralph]\nmax_attempts = 2\ncheck = { mode = "exec" }', 'check =', 'path'],
      ['[steps.ralph]\nmax_attempts = 2', '[steps.ralph]', 'check'],
      [
        '[steps.ralph]\nmax_attempts = 2\ncheck = { mode = "exec", path = "c", timeout = "soon" }',
        'check =',
        'timeout',
      ],
      ['[steps.retry]\nmax_attempts = 2\non_exhausted = "ignore"', 'on_exhausted', 'on_exhausted'],
      ['[steps.retry]\non_exhausted = "soft_fail"', '[steps.retry]', 'max_attempts'],
      ['metadata = { n = [3] }', 'metadata', 'metadata'],
      ['description_file = ""', 'description_file', 'description_file'],
    ];
    for (const [body, where, key] of cases) {
      const text = `[[steps]]\nid = "x"\n${body}\n`;
      const error = parseError(text);
      expect(error.file, body).toBe('loops.formula.toml');
      expect(error.line, body).toBe(lineOf(text, where));
      expect(error.col, body).toBeGreaterThan(0);
      expect(error.message, body).toContain(key);
    }
  });
});
