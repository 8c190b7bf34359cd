import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { formula, library, lineOf } from './fixture.js';

/** A diamond template: split, then left and right side by side, then merge. */
const DIAMOND = formula(`formula = "diamond"
type = "expansion"
[vars]
depth = "shallow"
[[template]]
id = "{target}.split"
title = "Split {target.title}"
description = "About: {target.description} ({{depth}}) {{{target}}}"
run = "echo {target}"
[[template]]
id = "{target}.left"
needs = ["{target}.split"]
[[template]]
id = "{target}.right"
depends_on = ["{target}.split"]
[[template]]
id = "{target}.merge"
needs = ["{target}.left"]
[[template]]
id = "{target}.audit"
needs = ["{target}.right"]
`);

const HOST = `formula = "host"
[[steps]]
id = "prep"
[[steps]]
id = "other"
[[steps]]
id = "work"
title = "Do the work"
description = "the work itself"
needs = ["prep", "other"]
[[steps]]
id = "ship"
needs = ["work"]
[[steps]]
id = "check"
needs = ["ship"]
on_fail = "work"
[compose]
expand = [{ target = "work", with = "diamond" }]
`;

const byId = <T extends { id: string }>(steps: readonly T[]) =>
  Object.fromEntries(steps.map((s) => [s.id, s]));

describe('cook: compose.expand', () => {
  const result = cook(formula(HOST), { library: library(DIAMOND) });
  if (!result.ok) throw new Error(result.error.message);
  const { proto, uses } = result.value;
  const step = byId(proto.steps);

  it('replaces the target by the template steps, in its place', () => {
    expect(uses).toEqual(['diamond']);
    expect(proto.steps.map((s) => s.id)).toEqual([
      'prep',
      'other',
      'work.split',
      'work.left',
      'work.right',
      'work.merge',
      'work.audit',
      'ship',
      'check',
    ]);
  });

  it("gives the entry steps the target's needs, and the target's dependents the exit steps", () => {
    expect(step['work.split']?.needs).toEqual(['prep', 'other']);
    expect(step['work.left']?.needs).toEqual(['work.split']);
    expect(step['work.right']?.needs).toEqual(['work.split']);
    expect(step.ship?.needs).toEqual(['work.merge', 'work.audit']);
  });

  it('sends an on_fail loop that targeted the expanded step to its first entry step', () => {
    expect(step.check?.onFail).toBe('work.split');
  });

  it('fills {target}, {target.title} and {target.description}, then vars, but never touches run', () => {
    expect(step['work.split']?.title).toBe('Split Do the work');
    expect(step['work.split']?.description).toBe('About: the work itself (shallow) {{{target}}}');
    expect(step['work.split']?.run).toBe('echo {target}');
  });

  it("adds the expansion's vars to the formula's", () => {
    expect(proto.vars.depth).toEqual({ default: 'shallow', required: false });
  });
});

describe('cook: compose.expand errors', () => {
  it('names a target that is not a step, with a did-you-mean', () => {
    const text = HOST.replace('target = "work"', 'target = "wrok"');
    const result = cook(formula(text), { library: library(DIAMOND) });
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('unknown-target');
    expect(result.error.message).toBe(
      'compose.expand targets step "wrok", but there is no such step (did you mean "work"?)',
    );
    expect(result.error.line).toBe(lineOf(text, 'expand = '));
  });

  it('names an expansion the library lacks', () => {
    const result = cook(formula(HOST), { library: library() });
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('unknown-formula');
    expect(result.error.message).toBe('compose.expand names "diamond", but no formula by that name is known');
  });

  it('refuses to expand with a formula that is not an expansion', () => {
    const workflow = formula('formula = "diamond"\n[[steps]]\nid = "a"\n');
    const result = cook(formula(HOST), { library: library(workflow) });
    expect(!result.ok && result.error.code).toBe('not-an-expansion');
    expect(!result.ok && result.error.message).toContain('"diamond", which is a workflow formula');
  });

  it("reports template ids that collide with the formula's own steps", () => {
    const clash = formula('formula = "diamond"\n[[template]]\nid = "ship"\n');
    const result = cook(formula(HOST), { library: library(clash) });
    expect(!result.ok && result.error.code).toBe('duplicate-step');
  });
});

describe('cook: an expansion on its own', () => {
  it('cooks its template with {target} standing as "target", for inspection', () => {
    const result = cook(DIAMOND);
    if (!result.ok) throw new Error(result.error.message);
    const { proto } = result.value;
    expect(proto.type).toBe('expansion');
    expect(proto.steps.map((s) => s.id)).toEqual([
      'target.split',
      'target.left',
      'target.right',
      'target.merge',
      'target.audit',
    ]);
    expect(proto.steps[0]?.title).toBe('Split {target.title}');
  });

  it('is refused when it has no template', () => {
    const result = cook(formula('formula = "hollow"\ntype = "expansion"\n'));
    expect(!result.ok && result.error.message).toBe(
      'formula "hollow" has no [[template]] steps: there is nothing to run',
    );
  });
});
