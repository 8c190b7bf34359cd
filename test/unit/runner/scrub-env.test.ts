import { describe, expect, it } from 'vitest';
import { isSecretName, scrubEnv } from '../../../src/runner/scrub-env.js';
import { SECRETS } from '../../helpers/secret-env.js';

describe('scrubEnv', () => {
  it('drops every token-like variable and keeps the toolchain, runner and agent-key ones', () => {
    const kept = {
      PATH: '/usr/bin',
      HOME: '/home/runner',
      JAVA_HOME: '/opt/java',
      GITHUB_REPOSITORY: 'acme/widgets',
      GITHUB_SHA: 'abc',
      RUNNER_TEMP: '/tmp',
      ANTHROPIC_API_KEY: 'sk-ant',
      GIT_CONFIG_GLOBAL: '/tmp/gitconfig',
      MOL_VAR_X: 'x',
    };
    expect(scrubEnv({ ...kept, ...SECRETS, UNSET: undefined })).toEqual(kept);
  });

  it('decides by name whatever the case', () => {
    expect(isSecretName('github_token')).toBe(true);
    expect(isSecretName('Input_Mode')).toBe(true);
    expect(isSecretName('pathext')).toBe(false);
  });
});
