import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { formula, library, lineOf } from './fixture.js';

const BASE = `formula = "base"
execution = "distributed"
max_loops = 5
[vars]
who = "base-who"
keep = "kept"
[[steps]]
id = "one"
title = "One from base"
[[steps]]
id = "two"
needs = ["one"]
title = "Two from base"
[[steps]]
id = "three"
needs = ["two"]
`;

const ids = (steps: readonly { id: string }[]) => steps.map((s) => s.id);

describe('cook: extends', () => {
  it("inherits vars, steps and settings; a step with the same id replaces the parent's in place", () => {
    const child = formula(`formula = "child"
extends = ["base"]
[vars]
who = "child-who"
[[steps]]
id = "two"
needs = ["one"]
title = "Two from child ({{who}}, {{keep}})"
[[steps]]
id = "four"
needs = ["three"]
`);
    const result = cook(child, { library: library(formula(BASE, 'base.formula.toml')) });
    if (!result.ok) throw new Error(result.error.message);
    const { proto, uses } = result.value;
    expect(uses).toEqual(['base']);
    expect(ids(proto.steps)).toEqual(['one', 'two', 'three', 'four']);
    expect(proto.steps[1]?.title).toBe('Two from child (child-who, kept)');
    expect(proto.steps[0]?.title).toBe('One from base');
    expect(Object.keys(proto.vars)).toEqual(['who', 'keep']);
    expect(proto).toMatchObject({
      formula: 'child',
      execution: 'distributed',
      maxLoops: 5,
      type: 'workflow',
    });
  });

  it("lets a child set its own settings over the parent's", () => {
    const child = formula('formula = "child"\nextends = "base"\nexecution = "local"\n');
    const result = cook(child, { library: library(formula(BASE)) });
    expect(result.ok && result.value.proto.execution).toBe('local');
  });

  it('folds several parents in order, the later overriding the earlier', () => {
    const other = formula(`formula = "other"
[vars]
who = "other-who"
[[steps]]
id = "one"
title = "One from other"
[[steps]]
id = "extra"
`);
    const child = formula('formula = "child"\nextends = ["base", "other"]\n');
    const result = cook(child, { library: library(formula(BASE), other) });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.uses).toEqual(['base', 'other']);
    expect(ids(result.value.proto.steps)).toEqual(['one', 'two', 'three', 'extra']);
    expect(result.value.proto.steps[0]?.title).toBe('One from other');
    expect(result.value.proto.vars.who?.default).toBe('other-who');
  });

  it('follows a chain of parents (grandparent steps come first)', () => {
    const middle = formula(
      'formula = "middle"\nextends = ["base"]\n[[steps]]\nid = "mid"\nneeds = ["three"]\n',
    );
    const child = formula(
      'formula = "child"\nextends = ["middle"]\n[[steps]]\nid = "last"\nneeds = ["mid"]\n',
    );
    const result = cook(child, { library: library(formula(BASE), middle) });
    if (!result.ok) throw new Error(result.error.message);
    expect(ids(result.value.proto.steps)).toEqual(['one', 'two', 'three', 'mid', 'last']);
    expect(result.value.uses).toEqual(['middle', 'base']);
  });

  it('names the chain of an extends cycle', () => {
    const aText = 'formula = "a"\nextends = ["b"]\n[[steps]]\nid = "x"\n';
    const bText = 'formula = "b"\nextends = ["a"]\n';
    const a = formula(aText, 'a.formula.toml');
    const b = formula(bText, 'b.formula.toml');
    const result = cook(a, { library: library(a, b) });
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('extends-cycle');
    expect(result.error.message).toBe('formulas extend each other in a cycle: a -> b -> a');
    expect(result.error.file).toBe('b.formula.toml');
    expect(result.error.line).toBe(lineOf(bText, 'extends'));
  });

  it('refuses a formula that extends itself', () => {
    const self = formula('formula = "me"\nextends = ["me"]\n[[steps]]\nid = "x"\n');
    const result = cook(self, { library: library(self) });
    expect(!result.ok && result.error.message).toBe('formulas extend each other in a cycle: me -> me');
  });

  it('names an unknown parent, at its place', () => {
    const text = 'formula = "child"\nextends = ["base", "nope"]\n[[steps]]\nid = "x"\n';
    const result = cook(formula(text), { library: library(formula(BASE)) });
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('unknown-formula');
    expect(result.error.message).toBe('extends names "nope", but no formula by that name is known');
    expect(result.error.line).toBe(lineOf(text, 'extends'));
  });

  it('names the parent a misspelt one was near, when the library can list its names', () => {
    const text = 'formula = "child"\nextends = ["bsae"]\n[[steps]]\nid = "x"\n';
    const result = cook(formula(text), { library: { get: () => undefined, names: () => ['other', 'base'] } });
    expect(!result.ok && result.error.message).toBe(
      'extends names "bsae", but no formula by that name is known (did you mean "base"?)',
    );
  });

  it('says so when there is no library to look a parent up in', () => {
    const result = cook(formula('extends = ["base"]\n[[steps]]\nid = "x"\n'));
    expect(!result.ok && result.error.message).toBe(
      'extends names "base", but no formula by that name can be loaded (no formula library was given)',
    );
  });

  it('refuses to extend an expansion', () => {
    const expansion = formula('formula = "exp"\n[[template]]\nid = "{target}.a"\n');
    const result = cook(formula('formula = "child"\nextends = ["exp"]\n'), { library: library(expansion) });
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('bad-extends');
    expect(result.error.message).toContain('"child" extends "exp", which is an expansion formula');
  });

  it('accepts a workflow whose steps all come from its parent', () => {
    const result = cook(formula('formula = "child"\nextends = ["base"]\n'), {
      library: library(formula(BASE)),
    });
    expect(result.ok && ids(result.value.proto.steps)).toEqual(['one', 'two', 'three']);
  });

  it('reports duplicate ids inside one layer instead of treating them as overrides', () => {
    const child = formula(
      'formula = "child"\nextends = ["base"]\n[[steps]]\nid = "one"\n[[steps]]\nid = "one"\n',
    );
    const result = cook(child, { library: library(formula(BASE)) });
    expect(!result.ok && result.error.code).toBe('duplicate-step');
  });
});
