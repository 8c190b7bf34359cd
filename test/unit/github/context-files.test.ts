import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  extractMentions,
  formatForPrompt,
  normalizeRepoPath,
  resolveMentions,
} from '../../../src/engine/molecule/mentions.js';
import { repoFileReader } from '../../../src/github/context-files.js';

const API = 'https://api.github.com';
const repo = { owner: 'acme', repo: 'widgets' };

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

describe('extractMentions', () => {
  it('finds each @Name once, in order, and skips e-mail addresses and paths', () => {
    expect(
      extractMentions('Read @Design and @Api, then @Design again. Mail bob@example.com; see docs/@Old'),
    ).toEqual(['@Design', '@Api']);
    expect(extractMentions('no mentions here')).toEqual([]);
  });
});

describe('normalizeRepoPath', () => {
  it('resolves . and .. inside the repository and refuses anything outside it', () => {
    expect(normalizeRepoPath('docs/../README.md')).toBe('README.md');
    expect(normalizeRepoPath('./docs/design.md')).toBe('docs/design.md');
    for (const outside of ['../secrets', '/etc/passwd', 'docs/../../x', 'C:/x', 'a\\b', '.']) {
      expect(normalizeRepoPath(outside)).toBeUndefined();
    }
  });
});

describe('resolveMentions', () => {
  const files: Record<string, string> = {
    'docs/design.md': '# Design\nLayers.\n',
    'docs/api.md': 'GET /x\n',
  };
  const read = async (path: string) => files[path];
  const map = {
    '@Design': 'docs/design.md',
    '@Api': './docs/api.md',
    '@Gone': 'docs/gone.md',
    '@Escape': '../x',
  };

  it('resolves known mentions to raw content, lists unknown ones, and never fails', async () => {
    const resolved = await resolveMentions('Use @design, @Api, @octocat, @Gone and @Escape.', map, read);
    expect(resolved.items).toEqual([
      { mention: '@Design', path: 'docs/design.md', content: '# Design\nLayers.\n' },
      { mention: '@Api', path: 'docs/api.md', content: 'GET /x\n' },
    ]);
    expect(resolved.unknown).toEqual(['@octocat']);
    expect(resolved.missing).toEqual([
      { mention: '@Gone', path: 'docs/gone.md', reason: 'no such file' },
      { mention: '@Escape', path: '../x', reason: 'the path leaves the repository' },
    ]);
  });

  it('formats items with the mention and its source path, divided', async () => {
    const { items } = await resolveMentions('@Design @Api', map, read);
    expect(formatForPrompt(items)).toBe(
      '### Context @Design (from `docs/design.md`)\n\n# Design\nLayers.\n\n---\n\n### Context @Api (from `docs/api.md`)\n\nGET /x',
    );
    expect(formatForPrompt([])).toBe('');
  });
});

describe('repoFileReader', () => {
  it('reads mention files from the given ref over the contents API, missing files as undefined', async () => {
    nock(API)
      .get('/repos/acme/widgets/contents/docs%2Fdesign.md')
      .query({ ref: 'main' })
      .reply(200, {
        type: 'file',
        encoding: 'base64',
        content: Buffer.from('# D').toString('base64'),
        sha: 'a'.repeat(40),
      })
      .get('/repos/acme/widgets/contents/docs%2Fgone.md')
      .query({ ref: 'main' })
      .reply(404, {});
    const read = repoFileReader(new Octokit({ request: { retries: 0 } }), repo, 'main');
    const resolved = await resolveMentions(
      '@Design @Gone',
      { '@Design': 'docs/design.md', '@Gone': 'docs/gone.md' },
      read,
    );
    expect(resolved.items.map((i) => i.content)).toEqual(['# D']);
    expect(resolved.missing.map((m) => m.mention)).toEqual(['@Gone']);
  });
});
