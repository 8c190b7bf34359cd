import { describe, expect, it } from 'vitest';
import { readActionsEnv, readEventPayload } from '../../../src/action/actions-env.js';
import { readInputs } from '../../../src/action/inputs.js';

const getter = (values: Record<string, string>) => (name: string) => values[name] ?? '';

describe('readInputs', () => {
  it('fills in the action.yml defaults and keeps what was given', () => {
    expect(readInputs(getter({ 'github-token': 't' }))).toEqual({
      ok: true,
      value: {
        mode: 'event',
        token: 't',
        formulasPath: '.github/formulas',
        configPath: '.github/molecular.yml',
      },
    });
    const step = readInputs(getter({ mode: 'step', 'github-token': 't', molecule: '12-abc', step: 'build' }));
    expect(step.ok && step.value).toMatchObject({ mode: 'step', molecule: '12-abc', step: 'build' });
  });

  it('tells the workflow token from another: only the first starts no CI on what it pushes', () => {
    const same = readInputs(getter({ 'github-token': 'ghs_w', 'workflow-token': 'ghs_w' }));
    expect(same.ok && same.value.workflowToken).toBe(true);
    const app = readInputs(getter({ 'github-token': 'ghs_app', 'workflow-token': 'ghs_w' }));
    expect(app.ok && app.value.workflowToken).toBeUndefined();
  });

  it('names the modes when given another, and keeps paths inside the repository', () => {
    const bad = readInputs(getter({ mode: 'steps', 'github-token': 't' }));
    expect(!bad.ok && bad.error.message).toBe(
      'mode "steps" is not one of event, step, step-start, step-finish, agent, patrol, lint',
    );
    const outside = readInputs(getter({ 'github-token': 't', 'formulas-path': '../elsewhere' }));
    expect(!outside.ok && outside.error.message).toMatch(
      /^formulas-path "\.\.\/elsewhere" must be a path inside/,
    );
    const normalised = readInputs(
      getter({ 'github-token': 't', 'config-path': './.github/../.github/m.yml' }),
    );
    expect(normalised.ok && normalised.value.configPath).toBe('.github/m.yml');
  });

  it('refuses a molecule or step id git would refuse in a ref, by name', () => {
    const step = readInputs(
      getter({ mode: 'step', 'github-token': 't', molecule: '12-abc', step: '--upload-pack=x' }),
    );
    expect(!step.ok && step.error.message).toMatch(
      /^step "--upload-pack=x" cannot be part of a git ref: it starts with "-"/,
    );
    const molecule = readInputs(
      getter({ mode: 'step', 'github-token': 't', molecule: '12..abc', step: 'build' }),
    );
    expect(!molecule.ok && molecule.error.message).toMatch(
      /^molecule "12\.\.abc" cannot be part of a git ref: it contains "\.\."/,
    );
  });

  it('needs a token for every mode that calls the API, and none for lint', () => {
    expect(readInputs(getter({ mode: 'patrol' })).ok).toBe(false);
    expect(readInputs(getter({ mode: 'lint' })).ok).toBe(true);
  });
});

describe('readActionsEnv', () => {
  it('reads the repository, run, workspace and event from the runner environment', () => {
    const env = readActionsEnv(
      {
        GITHUB_REPOSITORY: 'acme/widgets',
        GITHUB_RUN_ID: '42',
        GITHUB_WORKSPACE: '/w',
        RUNNER_TEMP: '/t',
        GITHUB_EVENT_NAME: 'issues',
        GITHUB_EVENT_PATH: '/e.json',
      },
      '/cwd',
    );
    expect(env).toEqual({
      ok: true,
      value: {
        repo: { owner: 'acme', repo: 'widgets' },
        runId: '42',
        workspace: '/w',
        runnerTemp: '/t',
        eventName: 'issues',
        eventPath: '/e.json',
        serverUrl: 'https://github.com',
      },
    });
    const bare = readActionsEnv({ GITHUB_REPOSITORY: 'acme/widgets' }, '/cwd');
    expect(bare.ok && bare.value.workspace).toBe('/cwd');
  });

  it('refuses to run outside a workflow, saying why', () => {
    const env = readActionsEnv({}, '/cwd');
    expect(!env.ok && env.error.message).toMatch(/GITHUB_REPOSITORY is "", not "owner\/repo"/);
    expect(readActionsEnv({ GITHUB_REPOSITORY: 'a/b/c' }).ok).toBe(false);
  });

  it('reads the event payload, or none', () => {
    expect(readEventPayload(undefined)).toEqual({ ok: true, value: {} });
    const missing = readEventPayload('/nonexistent/event.json');
    expect(!missing.ok && missing.error.code).toBe('event-invalid');
  });
});
