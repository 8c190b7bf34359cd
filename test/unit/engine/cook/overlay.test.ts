import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import type { ParsedFormula } from '../../../../src/engine/formula/parsed-formula.js';
import { formula, library, lineOf } from './fixture.js';

const BASE = `formula = "base"
[vars]
branch = "main"
[[steps]]
id = "work"
title = "Work"
description = "Do the work.\\n"
acceptance = "Done"
[[steps]]
id = "submit"
needs = ["work"]
description = "Submit it."
run = "echo submit"
`;

const OVERLAY = `[[step-overrides]]
step_id = "submit"
mode = "append"
description = "Also open a PR against {{branch}}."
[[step-overrides]]
step_id = "work"
title = "Work carefully"
acceptance = "Reviewed"
[[step-overrides]]
step_id = "submit"
mode = "replace"
run = "echo replaced"
`;

describe('cook: overlays', () => {
  it('appends after a blank line, replaces by default, and substitutes vars in what it adds', () => {
    const result = cook(formula(BASE), { overlays: [formula(OVERLAY, 'pr-flow.toml')] });
    if (!result.ok) throw new Error(result.error.message);
    const [work, submit] = result.value.proto.steps;
    expect(work).toMatchObject({
      title: 'Work carefully',
      description: 'Do the work.\n',
      acceptance: 'Reviewed',
    });
    expect(submit).toMatchObject({
      description: 'Submit it.\n\nAlso open a PR against main.',
      run: 'echo replaced',
    });
  });

  it('appending to an empty field just sets it', () => {
    const overlay = formula('[[step-overrides]]\nstep_id = "work"\nmode = "append"\nrun = "true"\n');
    const result = cook(formula(BASE), { overlays: [overlay] });
    expect(result.ok && result.value.proto.steps[0]?.run).toBe('true');
  });

  it('reaches steps made by an expansion', () => {
    const expansion = formula(
      'formula = "two"\n[[template]]\nid = "{target}.a"\n[[template]]\nid = "{target}.b"\nneeds = ["{target}.a"]\n',
    );
    const host = formula(`${BASE}[compose]\nexpand = [{ target = "work", with = "two" }]\n`);
    const overlay = formula('[[step-overrides]]\nstep_id = "work.b"\ndescription = "second half"\n');
    const result = cook(host, { library: library(expansion), overlays: [overlay] });
    expect(result.ok && result.value.proto.steps[1]).toMatchObject({
      id: 'work.b',
      description: 'second half',
    });
  });

  it('names a step the formula does not have, at the override', () => {
    const text = '[[step-overrides]]\nstep_id = "sumbit"\ndescription = "x"\n';
    const result = cook(formula(BASE), { overlays: [formula(text, 'o.toml')] });
    if (result.ok) throw new Error('expected an error');
    expect(result.error).toMatchObject({
      code: 'unknown-step',
      message: 'overlay overrides step "sumbit", but the formula has no such step (did you mean "submit"?)',
      file: 'o.toml',
      line: lineOf(text, 'step_id'),
    });
  });

  it('is refused when cooked on its own', () => {
    const result = cook(formula(OVERLAY, 'overlays/pr-flow.toml'));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('overlay-alone');
    expect(result.error.message).toBe(
      'overlays/pr-flow.toml is a formula overlay (step-overrides), not a formula: apply it with `mol cook <formula> --overlay overlays/pr-flow.toml`',
    );
  });

  it('refuses a formula given as an overlay', () => {
    const result = cook(formula(BASE), { overlays: [formula(BASE, 'base.toml')] });
    expect(!result.ok && result.error.code).toBe('not-an-overlay');
  });

  it('refuses a run with a {{variable}} even when the parser was bypassed', () => {
    const parsed = formula('[[step-overrides]]\nstep_id = "submit"\nrun = "echo ok"\n');
    const forged: ParsedFormula = {
      ...parsed,
      data: { 'step-overrides': [{ step_id: 'submit', run: 'echo {{branch}}' }] },
    };
    const result = cook(formula(BASE), { overlays: [forged] });
    expect(!result.ok && result.error.code).toBe('var-in-run');
  });
});
