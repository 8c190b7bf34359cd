import { describe, expect, it } from 'vitest';
import { jobEnv } from '../../../src/action/step/action-step-host.js';

describe('jobEnv', () => {
  it("keeps the runner's environment but not the action's inputs or the runner's own tokens", () => {
    const env = jobEnv({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      'INPUT_GITHUB-TOKEN': 'ghs_secret',
      INPUT_MODE: 'step',
      ACTIONS_RUNTIME_TOKEN: 'runtime-secret',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-secret',
      GITHUB_RUN_ID: '42',
    });
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/home/runner', GITHUB_RUN_ID: '42' });
  });
});
