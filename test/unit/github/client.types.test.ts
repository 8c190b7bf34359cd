import { getOctokit } from '@actions/github';
import { Octokit } from '@octokit/rest';
import { ProbotOctokit } from 'probot';
import { describe, expect, it } from 'vitest';
import type { GitHubClient } from '../../../src/github/client.js';

describe('GitHubClient', () => {
  it('accepts the Octokit of Probot, of @actions/github and of @octokit/rest', () => {
    const clients: GitHubClient[] = [new ProbotOctokit(), getOctokit('t'), new Octokit()];
    for (const client of clients) expect(typeof client.request).toBe('function');
  });
});
