import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { formula, library, lineOf } from './fixture.js';

const HOST = `formula = "host"
[[steps]]
id = "build-api"
[[steps]]
id = "build-ui"
[[steps]]
id = "test"
needs = ["build-api", "build-ui"]
[[steps]]
id = "release"
needs = ["test"]
[compose]
aspects = ["audit"]
`;

const AUDIT = `formula = "audit"
[[pointcuts]]
glob = "build-*"
[[advice]]
target = "*"
[[advice.before]]
id = "{step.id}-lint"
title = "Lint before {step.title}"
[[advice.before]]
id = "{step.id}-deps"
needs = ["{step.id}-lint"]
[[advice.after]]
id = "{step.id}-scan"
description = "Scan what {step.id} produced"
[[advice.after]]
id = "{step.id}-sign"
`;

const byId = <T extends { id: string }>(steps: readonly T[]) =>
  Object.fromEntries(steps.map((s) => [s.id, s]));

describe('cook: compose.aspects', () => {
  const result = cook(formula(HOST), { library: library(formula(AUDIT)) });
  if (!result.ok) throw new Error(result.error.message);
  const { proto, uses } = result.value;
  const step = byId(proto.steps);

  it('advises only the steps both the target glob and a pointcut match', () => {
    expect(uses).toEqual(['audit']);
    expect(proto.steps.map((s) => s.id)).toEqual([
      'build-api-lint',
      'build-api-deps',
      'build-api',
      'build-api-scan',
      'build-api-sign',
      'build-ui-lint',
      'build-ui-deps',
      'build-ui',
      'build-ui-scan',
      'build-ui-sign',
      'test',
      'release',
    ]);
  });

  it('chains before-steps into the target and the target into after-steps', () => {
    expect(step['build-api-lint']?.needs).toEqual([]);
    expect(step['build-api-deps']?.needs).toEqual(['build-api-lint']);
    expect(step['build-api']?.needs).toEqual(['build-api-deps']);
    expect(step['build-api-scan']?.needs).toEqual(['build-api']);
    expect(step['build-api-sign']?.needs).toEqual(['build-api']);
    expect(step.test?.needs).toEqual(['build-api-scan', 'build-api-sign', 'build-ui-scan', 'build-ui-sign']);
  });

  it('fills {step.id} and {step.title}', () => {
    expect(step['build-ui-lint']?.title).toBe('Lint before build-ui');
    expect(step['build-ui-scan']?.description).toBe('Scan what build-ui produced');
  });

  it("gives before-steps the target's own needs", () => {
    const text = HOST.replace('aspects = ["audit"]', 'aspects = ["gate"]');
    const gate = formula(`formula = "gate"
[[advice]]
target = "rel?ase"
[advice.around]
[[advice.around.before]]
id = "{step.id}-approve"
`);
    const cooked = cook(formula(text), { library: library(gate) });
    if (!cooked.ok) throw new Error(cooked.error.message);
    const s = byId(cooked.value.proto.steps);
    expect(s['release-approve']?.needs).toEqual(['test']);
    expect(s.release?.needs).toEqual(['release-approve']);
  });

  it('warns about advice that matches nothing', () => {
    const lonely = `formula = "lonely"
[[advice]]
target = "deploy"
[[advice.after]]
id = "{step.id}-notify"
`;
    const cooked = cook(formula(HOST.replace('"audit"', '"lonely"')), {
      library: library(formula(lonely, 'lonely.toml')),
    });
    if (!cooked.ok) throw new Error(cooked.error.message);
    expect(cooked.value.warnings.map((w) => [w.code, w.file, w.line])).toEqual([
      ['advice-no-match', 'lonely.toml', lineOf(lonely, 'target')],
    ]);
    expect(cooked.value.proto.steps).toHaveLength(4);
  });

  it('refuses an aspect that is not one', () => {
    const cooked = cook(formula(HOST), {
      library: library(formula('formula = "audit"\n[[steps]]\nid = "x"\n')),
    });
    expect(!cooked.ok && cooked.error.code).toBe('not-an-aspect');
  });
});

describe('cook: an aspect on its own', () => {
  it('cooks its advice steps with {step.id} standing for the target, after-steps needing before-steps', () => {
    const aspect = formula(`formula = "sec"
[[advice]]
target = "implement"
[advice.around]
[[advice.around.after]]
id = "{step.id}-post"
[[advice.around.before]]
id = "{step.id}-pre"
[[advice]]
target = "*"
[[advice.after]]
id = "{step.id}-log"
`);
    const result = cook(aspect);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.proto.type).toBe('aspect');
    expect(result.value.proto.steps.map((s) => [s.id, s.needs])).toEqual([
      ['implement-pre', []],
      ['implement-post', ['implement-pre']],
      ['step-log', []],
    ]);
  });
});
