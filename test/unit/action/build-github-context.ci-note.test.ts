import { describe, expect, it } from 'vitest';
import type { ActionIO } from '../../../src/action/action-io.js';
import { actionHandlerContext, WORKFLOW_TOKEN_CI_NOTE } from '../../../src/action/build-github-context.js';
import type { GitHubClient } from '../../../src/github/client.js';
import { DEFAULT_CONFIG } from '../../../src/github/config.js';

const options = {
  octokit: {} as GitHubClient,
  repo: { owner: 'acme', repo: 'widgets' },
  config: DEFAULT_CONFIG,
  io: {} as ActionIO,
  payload: {},
  runId: '1',
  defaultBranch: 'main',
  now: () => new Date(0),
};

describe('the Action with the workflow token', () => {
  it('says where the user looks that CI will not run, naming the fix', () => {
    const ctx = actionHandlerContext({ ...options, workflowToken: true });
    expect(ctx.deliveryNotes).toEqual([WORKFLOW_TOKEN_CI_NOTE]);
    expect(WORKFLOW_TOKEN_CI_NOTE).toMatch(/CI will not run/);
    expect(WORKFLOW_TOKEN_CI_NOTE).toContain('`github-token`');
    expect(WORKFLOW_TOKEN_CI_NOTE).toContain('actions/create-github-app-token');
    expect(WORKFLOW_TOKEN_CI_NOTE).toContain('fine-grained personal access token');
  });

  it('says nothing with another token', () => {
    expect(actionHandlerContext(options).deliveryNotes).toBeUndefined();
  });
});
