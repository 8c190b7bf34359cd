import { describe, expect, it } from 'vitest';
import { cook, topoOrder } from '../../../../src/engine/cook/cook.js';
import { formula, library, lineOf } from './fixture.js';

const ids = (steps: readonly { id: string }[]) => steps.map((s) => s.id);

describe('topoOrder', () => {
  it('keeps the declaration order when it is already valid', () => {
    const steps = [
      { id: 'a', needs: [] },
      { id: 'b', needs: ['a'] },
      { id: 'c', needs: [] },
      { id: 'd', needs: ['b', 'c'] },
    ];
    const result = topoOrder(steps);
    expect(result.ok && ids(result.value)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moves a step after its needs and breaks ties by declaration order', () => {
    const result = topoOrder([
      { id: 'c', needs: ['a'] },
      { id: 'b', needs: [] },
      { id: 'a', needs: [] },
    ]);
    expect(result.ok && ids(result.value)).toEqual(['b', 'a', 'c']);
  });

  it('ignores needs that name no step (cook reports those separately)', () => {
    const result = topoOrder([
      { id: 'a', needs: ['ghost'] },
      { id: 'b', needs: ['a'] },
    ]);
    expect(result.ok && ids(result.value)).toEqual(['a', 'b']);
  });

  it('refuses a cycle and names it', () => {
    const result = topoOrder([
      { id: 'x', needs: [] },
      { id: 'a', needs: ['c'] },
      { id: 'b', needs: ['a'] },
      { id: 'c', needs: ['b'] },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('cycle');
    expect(result.error.message).toContain('a -> b -> c -> a');
  });
});

describe('cook: DAG checks', () => {
  it('puts the proto steps in topological order', () => {
    const text = `
[[steps]]
id = "report"
needs = ["build", "test"]
[[steps]]
id = "test"
needs = ["build"]
[[steps]]
id = "build"
`;
    const result = cook(formula(text));
    expect(result.ok && ids(result.value.proto.steps)).toEqual(['build', 'test', 'report']);
  });

  it('names both places of a duplicate step id', () => {
    const text = `formula = "dup"
[[steps]]
id = "a"
[[steps]]
id = "b"
[[steps]]
id = "a"
needs = ["b"]
`;
    const result = cook(formula(text, 'dup.formula.toml'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('duplicate-step');
    const first = lineOf(text, 'id = "a"');
    const second = lineOf(text, 'id = "a"', 2);
    expect(result.error.message).toMatch(
      new RegExp(`dup\\.formula\\.toml:${first}:\\d+ and at dup\\.formula\\.toml:${second}:\\d+`),
    );
    expect(result.error.line).toBe(second);
    expect(result.error.file).toBe('dup.formula.toml');
  });

  it('reports a need that names no step at the need itself, with a did-you-mean', () => {
    const text = `[[steps]]
id = "design"
[[steps]]
id = "build"
needs = ["design", "desing"]
`;
    const result = cook(formula(text));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('unknown-need');
    expect(result.error.message).toBe(
      'step "build" needs "desing", but no step has that id (did you mean "design"?)',
    );
    expect(result.error.line).toBe(lineOf(text, 'needs = '));
  });

  it('places an unknown depends_on entry on depends_on, and offers no guess when nothing is close', () => {
    const text = `[[steps]]
id = "a"
[[steps]]
id = "b"
depends_on = ["zzzzzz"]
`;
    const result = cook(formula(text));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.message).toBe('step "b" needs "zzzzzz", but no step has that id');
    expect(result.error.line).toBe(lineOf(text, 'depends_on'));
  });

  it('names a cycle in execution order, starting at its first-declared step', () => {
    const text = `[[steps]]
id = "start"
[[steps]]
id = "a"
needs = ["start", "c"]
[[steps]]
id = "b"
needs = ["a"]
[[steps]]
id = "c"
needs = ["b"]
`;
    const result = cook(formula(text));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('cycle');
    expect(result.error.message).toBe(
      'steps form a cycle: a -> b -> c -> a (each step needs the one before it)',
    );
    expect(result.error.line).toBe(lineOf(text, 'needs = ["start", "c"]'));
  });

  it('names a step that needs itself', () => {
    const result = cook(formula('[[steps]]\nid = "loop"\nneeds = ["loop"]\n'));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.message).toContain('loop -> loop');
  });

  it('refuses an on_fail target that names no step', () => {
    const text = '[[steps]]\nid = "plan"\n[[steps]]\nid = "check"\nneeds = ["plan"]\non_fail = "plann"\n';
    const result = cook(formula(text));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('unknown-on-fail');
    expect(result.error.message).toContain('(did you mean "plan"?)');
    expect(result.error.line).toBe(lineOf(text, 'on_fail'));
  });

  it('refuses an on_fail target that is not upstream of its step', () => {
    const text = `[[steps]]
id = "plan"
[[steps]]
id = "side"
[[steps]]
id = "check"
needs = ["plan"]
on_fail = "side"
`;
    const result = cook(formula(text));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('on-fail-not-upstream');
    expect(result.error.message).toContain('step "check" loops back to "side"');
    expect(result.error.line).toBe(lineOf(text, 'on_fail'));
  });

  it('accepts on_fail targets upstream through other steps, and a step looping to itself', () => {
    const text = `[[steps]]
id = "plan"
[[steps]]
id = "build"
needs = ["plan"]
on_fail = "build"
[[steps]]
id = "check"
needs = ["build"]
on_fail = "plan"
max_loops = 2
`;
    const result = cook(formula(text));
    if (!result.ok) throw new Error(result.error.message);
    const check = result.value.proto.steps[2];
    expect(check).toMatchObject({ id: 'check', onFail: 'plan', maxLoops: 2 });
  });

  it('refuses a workflow with no steps', () => {
    const result = cook(formula('formula = "nothing"\ndescription = "empty"\n'));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('empty-formula');
    expect(result.error.message).toBe('formula "nothing" has no steps: there is nothing to run');
  });

  it('returns every error found, not just the first', () => {
    const text = `[[steps]]
id = "a"
needs = ["b"]
[[steps]]
id = "b"
needs = ["a", "ghost"]
[[steps]]
id = "b"
`;
    const result = cook(formula(text));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.diagnostics?.map((d) => d.code)).toEqual(['duplicate-step', 'unknown-need', 'cycle']);
    expect(result.error.code).toBe('duplicate-step');
    for (const d of result.error.diagnostics ?? []) expect(d.severity).toBe('error');
  });
});

describe('step ids that name git refs', () => {
  it('refuses an id git would refuse, at the id, with git rule', () => {
    const text = `[[steps]]
id = "ok"
[[steps]]
id = "--upload-pack=touch /tmp/x"
needs = ["ok"]
`;
    const result = cook(formula(text));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: 'invalid-id', line: lineOf(text, 'id = "--'), col: 1 });
    expect(result.error.message).toMatch(
      /^step id "--upload-pack=touch \/tmp\/x" cannot be part of a git ref: it contains "\/" .*git refuses spaces/,
    );
  });

  it.each(['a..b', 'x.lock', 'a b', 'a~1', '.hidden', 'end.', '@', 'a@{1}'])('refuses %j', (id) => {
    const result = cook(formula(`[[steps]]\nid = ${JSON.stringify(id)}\n`));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('invalid-id');
  });

  it('checks the ids an expansion makes, placed at the template that made them', () => {
    const template = `formula = "spaced"\ntype = "expansion"\n[[template]]\nid = "{target} draft"\n`;
    const host = '[[steps]]\nid = "work"\n[compose]\nexpand = [{ target = "work", with = "spaced" }]\n';
    const result = cook(formula(host), { library: library(formula(template, 'spaced.formula.toml')) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: 'invalid-id', file: 'spaced.formula.toml', line: 4 });
    expect(result.error.message).toMatch(
      /^step id "work draft" cannot be part of a git ref: it contains a space/,
    );
  });

  it('accepts the ids expansions and loops make', () => {
    const result = cook(formula('[[steps]]\nid = "implement.iter2.review"\n[[steps]]\nid = "a_b-c.d"\n'));
    expect(result.ok).toBe(true);
  });
});
