import { describe, expect, it } from 'vitest';
import { commandEnv } from '../../../src/action/step/command-env.js';
import type { StepJob } from '../../../src/action/step/step-job.js';

const job = {
  mol: { id: '3-def456', vars: { 'feature-name': 'dark mode' } },
  def: { id: 'build' },
  workspace: '/work/space',
} as unknown as StepJob;

describe('commandEnv', () => {
  it("keeps the runner's environment but not the action's inputs or the runner's own tokens", () => {
    const env = commandEnv(job, 'molecular/3-def456/build', [{ path: 'plan.md', from: 'plan' }], {
      PATH: '/usr/bin',
      HOME: '/home/runner',
      'INPUT_GITHUB-TOKEN': 'ghs_secret',
      INPUT_MODE: 'step',
      ACTIONS_RUNTIME_TOKEN: 'runtime-secret',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-secret',
      GITHUB_RUN_ID: '42',
    });
    expect(env).toEqual({
      ok: true,
      value: {
        PATH: '/usr/bin',
        HOME: '/home/runner',
        GITHUB_RUN_ID: '42',
        MOL_BRANCH: 'molecular/3-def456/build',
        MOL_VAR_FEATURE_NAME: 'dark mode',
        MOL_MOLECULE: '3-def456',
        MOL_STEP: 'build',
        MOL_INPUTS: 'plan.md',
        MOL_INPUTS_JSON: '["plan.md"]',
        MOL_WORKSPACE: '/work/space',
      },
    });
  });
});
