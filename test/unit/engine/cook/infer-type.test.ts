import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { inferType } from '../../../../src/engine/cook/infer-type.js';
import { DEFAULT_MAX_LOOPS } from '../../../../src/engine/cook/proto.js';
import { formula } from './fixture.js';

describe('inferType', () => {
  it.each([
    ['[[template]]\nid = "{target}.a"\n', 'expansion'],
    ['[[advice]]\ntarget = "x"\n', 'aspect'],
    ['[[pointcuts]]\nglob = "x"\n', 'aspect'],
    ['[[legs]]\nid = "a"\n', 'convoy'],
    ['[[step-overrides]]\nstep_id = "a"\n', 'overlay'],
    ['[[steps]]\nid = "a"\n', 'workflow'],
    ['extends = ["x"]\n', 'workflow'],
    ['type = "convoy"\n[[steps]]\nid = "a"\n', 'convoy'],
    ['type = "workflow"\n[[template]]\nid = "a"\n', 'workflow'],
  ])('%j is %s', (text, kind) => {
    expect(inferType(formula(text).data)).toBe(kind);
  });
});

describe('cook: formula-wide fields', () => {
  it('defaults execution to local and max_loops to the design default, keeps version and phase', () => {
    const result = cook(formula('formula = "f"\nversion = 2\nphase = "vapor"\n[[steps]]\nid = "a"\n'));
    if (!result.ok) throw new Error(result.error.message);
    const { steps: _steps, ...rest } = result.value.proto;
    expect(rest).toEqual({
      formula: 'f',
      description: '',
      version: 2,
      type: 'workflow',
      execution: 'local',
      vars: {},
      maxLoops: DEFAULT_MAX_LOOPS,
      phase: 'vapor',
    });
  });

  it("turns the squash table into the proto's squash settings", () => {
    const text =
      '[squash]\ntrigger = "on_complete"\ntemplate_type = "work"\ninclude_metrics = true\n[[steps]]\nid = "a"\n';
    const result = cook(formula(text));
    expect(result.ok && result.value.proto.squash).toEqual({ templateType: 'work', includeMetrics: true });
    const plain = cook(formula('[squash]\ntemplate = "Done: {{x}}"\n[[steps]]\nid = "a"\n'));
    expect(plain.ok && plain.value.proto.squash).toEqual({ template: 'Done: {{x}}', includeMetrics: false });
  });

  it('takes the formula name from the file when the formula names none', () => {
    const result = cook(formula('[[steps]]\nid = "a"\n', 'dir/my-flow.formula.toml'));
    expect(result.ok && result.value.proto.formula).toBe('my-flow');
  });
});
