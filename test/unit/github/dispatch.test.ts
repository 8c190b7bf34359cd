import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dispatchStep } from '../../../src/github/dispatch.js';

const API = 'https://api.github.com';
const repo = { owner: 'acme', repo: 'widgets' };
const octokit = () => new Octokit({ request: { retries: 0 } });
const inputs = { molecule: '12-a1b2c3', step: 'implement', base: 'molecular/12-a1b2c3/design' };

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

describe('dispatchStep', () => {
  it('starts the step workflow on the given ref with string inputs, in one call', async () => {
    nock(API)
      .post('/repos/acme/widgets/actions/workflows/molecular-step.yml/dispatches', { ref: 'main', inputs })
      .reply(204);
    expect(await dispatchStep(octokit(), repo, { ref: 'main', inputs })).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it('names a missing workflow file and the config key that changes it', async () => {
    nock(API)
      .post('/repos/acme/widgets/actions/workflows/steps.yml/dispatches')
      .reply(404, { message: 'Not Found' });
    const result = await dispatchStep(octokit(), repo, { workflow: 'steps.yml', ref: 'main', inputs });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('workflow-missing');
      expect(result.error.message).toMatch(/\.github\/workflows\/steps\.yml.*step_workflow/);
    }
  });

  it("passes GitHub's reason on for a refused dispatch", async () => {
    nock(API)
      .post('/repos/acme/widgets/actions/workflows/molecular-step.yml/dispatches')
      .reply(422, { message: "Workflow does not have 'workflow_dispatch' trigger" });
    const result = await dispatchStep(octokit(), repo, { ref: 'main', inputs });
    expect(!result.ok && result.error.code).toBe('dispatch-refused');
    expect(!result.ok && result.error.message).toMatch(/workflow_dispatch/);
  });

  it('refuses a non-string input without calling GitHub', async () => {
    const bad = { ...inputs, attempt: 2 as unknown as string };
    const result = await dispatchStep(octokit(), repo, { ref: 'main', inputs: bad });
    expect(!result.ok && result.error.code).toBe('dispatch-invalid');
  });
});
