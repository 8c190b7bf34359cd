import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMMAND_PERMISSIONS } from '../../../src/engine/commands/permissions.js';
import {
  CONFIG_PATH,
  commandPermissions,
  DEFAULT_CONFIG,
  loadConfig,
  parseConfig,
  validateConfig,
} from '../../../src/github/config.js';

const API = 'https://api.github.com';
const repo = { owner: 'acme', repo: 'widgets' };
const octokit = () => new Octokit({ request: { retries: 0 } });

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

const errorOf = (text: string) => {
  const result = parseConfig(text);
  if (result.ok) throw new Error(`expected ${JSON.stringify(text)} to be refused`);
  return result.error;
};

describe('parseConfig', () => {
  it('gives the documented defaults for an empty file', () => {
    const result = parseConfig('');
    expect(result).toEqual({ ok: true, value: DEFAULT_CONFIG });
    expect(DEFAULT_CONFIG).toMatchObject({
      label_prefix: 'formula:',
      default_retries: 2,
      step_workflow: 'molecular-step.yml',
      lock: 'auto',
      on_pr_closed: 'keep',
      step_issues: false,
      formulas_path: '.github/formulas',
      formula_search_path: [],
      trusted_labelers: [],
    });
    expect(DEFAULT_CONFIG.trusted_writers).toBeUndefined();
  });

  it('reads every key, and accepts context mentions with or without the quoted @', () => {
    const result = parseConfig(
      [
        'label_prefix: "mol:"',
        'permissions:',
        '  approve: write',
        '  "reset --force": maintain',
        'default_retries: 0',
        'nudge_after: 30m',
        'stuck_after: 2d',
        'lock_ttl: 90s',
        'step_workflow: steps.yaml',
        'lock: ref',
        'context:',
        '  Design: docs/design.md',
        '  "@Api": docs/api.md',
        'step_issues: true',
        'on_pr_closed: burn',
        'trusted_writers: ["molecular-dev[bot]"]',
        'step_report_senders: ["ci-bot"]',
        'trusted_labelers: ["issue-labeler[bot]"]',
        'formulas_path: ops/formulas',
        'formula_search_path: [packs/core/formulas, packs/gastown/formulas]',
      ].join('\n'),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.formula_search_path).toEqual(['packs/core/formulas', 'packs/gastown/formulas']);
    expect(result.value.context).toEqual({ '@Design': 'docs/design.md', '@Api': 'docs/api.md' });
    expect(result.value.trusted_writers).toEqual(['molecular-dev[bot]']);
    expect(result.value.step_report_senders).toEqual(['ci-bot']);
    expect(result.value.trusted_labelers).toEqual(['issue-labeler[bot]']);
    expect(commandPermissions(result.value)).toEqual({
      ...DEFAULT_COMMAND_PERMISSIONS,
      approve: 'write',
      'reset --force': 'maintain',
    });
  });

  it('names the bad key, its line, and what it must be', () => {
    const wrong = errorOf('lock: ref\ndefault_retries: many\n');
    expect(wrong).toMatchObject({ code: 'config-invalid', file: CONFIG_PATH, line: 2, col: 1 });
    expect(wrong.message).toBe('.github/molecular.yml: "default_retries" must be a number');

    const nested = errorOf('permissions:\n  approve: god\n');
    expect(nested).toMatchObject({ line: 2, col: 3 });
    expect(nested.message).toMatch(
      /"permissions\.approve" must be one of "admin", "maintain", "write", "triage", "read"/,
    );

    expect(errorOf('lock: maybe').message).toMatch(/"lock" must be one of "auto", "none", "ref"/);
    expect(errorOf('nudge_after: soon').message).toMatch(
      /"nudge_after" is invalid: a duration such as "30m"/,
    );
    expect(errorOf('formulas_path: ../elsewhere').message).toMatch(
      /"formulas_path" is invalid: a folder inside/,
    );
    expect(errorOf('formula_search_path: [ok, /abs]').message).toMatch(
      /"formula_search_path\.1" is invalid: a folder inside/,
    );
    expect(errorOf('step_workflow: ../x.yml').message).toMatch(/"step_workflow"/);
    expect(errorOf('default_retries: 1.5').message).toMatch(/must be a whole number/);
  });

  it('refuses an unknown key (a misspelling would silently keep a default) and an unknown command', () => {
    const typo = errorOf('defaut_retries: 3');
    expect(typo.message).toMatch(/unknown key "defaut_retries"; known keys: label_prefix, permissions/);
    expect(typo.line).toBe(1);
    const verb = errorOf('permissions:\n  deploy: admin');
    expect(verb.message).toMatch(/unknown key "permissions\.deploy"; known keys there: status, help, pour/);
    expect(verb).toMatchObject({ line: 2, col: 3 });
  });

  it('reports YAML syntax errors with their position', () => {
    const bad = errorOf('lock: ref\ncontext: [\n');
    expect(bad.code).toBe('config-invalid');
    expect(bad.message).toMatch(/is not valid YAML/);
    expect(bad.line).toBeGreaterThanOrEqual(2);
  });

  it("validates what Probot's context.config hands over the same way", () => {
    expect(validateConfig(null)).toEqual({ ok: true, value: DEFAULT_CONFIG });
    const bad = validateConfig({ on_pr_closed: 'explode' });
    expect(!bad.ok && bad.error.message).toMatch(/"on_pr_closed" must be one of "keep", "burn", "fail"/);
    expect(validateConfig(['a']).ok).toBe(false);
  });
});

describe('loadConfig', () => {
  it('reads .github/molecular.yml from the given ref (1 call)', async () => {
    nock(API)
      .get('/repos/acme/widgets/contents/.github%2Fmolecular.yml')
      .query({ ref: 'main' })
      .reply(200, {
        type: 'file',
        encoding: 'base64',
        content: Buffer.from('lock: ref\n').toString('base64'),
        sha: 'a'.repeat(40),
        name: 'molecular.yml',
        path: '.github/molecular.yml',
      });
    const result = await loadConfig(octokit(), repo, 'main');
    expect(result.ok && result.value.lock).toBe('ref');
  });

  it('uses the defaults when the file does not exist', async () => {
    nock(API).get('/repos/acme/widgets/contents/.github%2Fmolecular.yml').query(true).reply(404, {});
    expect(await loadConfig(octokit(), repo, 'main')).toEqual({ ok: true, value: DEFAULT_CONFIG });
  });
});
