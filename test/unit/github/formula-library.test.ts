import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cook } from '../../../src/engine/cook/cook.js';
import { parseFormula } from '../../../src/engine/formula/parse-formula.js';
import type { BuiltinLookup } from '../../../src/engine/molecule/formula-source.js';
import type { Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import { defaultBranchOf, loadFormula } from '../../../src/github/branch-formulas.js';
import {
  githubFormulaSource,
  loadFormulaLibrary,
  referencedFormulas,
} from '../../../src/github/formula-library.js';
import { clearBlobCache, loadBlob } from '../../../src/github/repo-file.js';
import { forgetProtos, loadProto } from '../../../src/shell/formulas/load-proto.js';
import { blobSha } from '../../helpers/fake-github/index.js';

const API = 'https://api.github.com';
const repo = { owner: 'acme', repo: 'widgets' };
const octokit = () => new Octokit({ request: { retries: 0 } });
const b64 = (text: string) => Buffer.from(text).toString('base64');

const RELEASE = `formula = "release"
extends = ["base"]

[[compose.expand]]
target = "build"
with = "double-check"

[[steps]]
id = "ship"
needs = ["build"]
run = "echo ship"
`;
const BASE = `formula = "base"
[[steps]]
id = "build"
title = "Build it"
run = "make"
`;
const DOUBLE_CHECK = `formula = "double-check"
type = "expansion"
[[template]]
id = "{target}.first"
title = "First look at {target.title}"
[[template]]
id = "{target}.second"
needs = ["{target}.first"]
`;

const builtins: BuiltinLookup = (name) =>
  name === 'double-check'
    ? { text: DOUBLE_CHECK, file: 'formulas/double-check.formula.toml', version: '0.1.0' }
    : undefined;

beforeAll(() => nock.disableNetConnect());
beforeEach(() => clearBlobCache());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

const fileReply = (path: string, text: string) => ({
  type: 'file',
  encoding: 'base64',
  content: b64(text),
  sha: blobSha(text),
  name: path.split('/').pop(),
  path,
});

describe('loadFormula', () => {
  it('reads <name>.formula.toml from the default branch, with its blob sha (1 call)', async () => {
    nock(API)
      .get('/repos/acme/widgets/contents/.github%2Fformulas%2Frelease.formula.toml')
      .query({ ref: 'main' })
      .reply(200, fileReply('.github/formulas/release.formula.toml', RELEASE));
    const result = await loadFormula(octokit(), repo, 'release', { defaultBranch: 'main' });
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'release',
        path: '.github/formulas/release.formula.toml',
        sha: blobSha(RELEASE),
        text: RELEASE,
        format: 'toml',
      },
    });
  });

  it('falls back to .formula.json, then names the formula and the branch it looked on', async () => {
    nock(API)
      .get('/repos/acme/widgets/contents/ops%2Fflows%2Fx.formula.toml')
      .query({ ref: 'trunk' })
      .reply(404, {})
      .get('/repos/acme/widgets/contents/ops%2Fflows%2Fx.formula.json')
      .query({ ref: 'trunk' })
      .reply(200, fileReply('ops/flows/x.formula.json', '{"formula":"x"}'));
    const json = await loadFormula(octokit(), repo, 'x', {
      defaultBranch: 'trunk',
      formulasPath: 'ops/flows',
    });
    expect(json.ok && json.value.format).toBe('json');

    nock(API)
      .get(/contents\/.github%2Fformulas%2Fnope\.formula\.(toml|json)/)
      .query(true)
      .times(2)
      .reply(404, {});
    const missing = await loadFormula(octokit(), repo, 'nope', { defaultBranch: 'main' });
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'unknown-formula', message: 'there is no formula "nope" in .github/formulas on main' },
    });
  });

  it('refuses a name that could walk out of the formulas folder, without calling', async () => {
    for (const name of ['../secrets', 'a/b', '.hidden', '']) {
      const result = await loadFormula(octokit(), repo, name, { defaultBranch: 'main' });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-formula-name' } });
    }
  });

  it('learns the default branch once per repository', async () => {
    nock(API).get('/repos/acme/branchy').once().reply(200, { default_branch: 'trunk' });
    const r = { owner: 'acme', repo: 'branchy' };
    expect(await defaultBranchOf(octokit(), r)).toBe('trunk');
    expect(await defaultBranchOf(octokit(), r)).toBe('trunk');
  });
});

describe('loadBlob', () => {
  it('reads a pinned version by sha once, then from the cache', async () => {
    const sha = blobSha(BASE);
    nock(API)
      .get(`/repos/acme/widgets/git/blobs/${sha}`)
      .once()
      .reply(200, { content: b64(BASE), encoding: 'base64', sha });
    expect(await loadBlob(octokit(), repo, sha)).toEqual({ ok: true, value: BASE });
    expect(await loadBlob(octokit(), repo, sha)).toEqual({ ok: true, value: BASE });
  });

  it('says so when a pinned version is gone', async () => {
    nock(API)
      .get(/git\/blobs/)
      .reply(404, {});
    const result = await loadBlob(octokit(), repo, 'f'.repeat(40));
    expect(result).toMatchObject({ ok: false, error: { code: 'blob-missing' } });
  });
});

describe('loadFormulaLibrary', () => {
  const listing = [
    {
      type: 'file',
      name: 'release.formula.toml',
      path: '.github/formulas/release.formula.toml',
      sha: blobSha(RELEASE),
    },
    {
      type: 'file',
      name: 'base.formula.toml',
      path: '.github/formulas/base.formula.toml',
      sha: blobSha(BASE),
    },
    { type: 'file', name: 'README.md', path: '.github/formulas/README.md', sha: 'e'.repeat(40) },
  ];
  const blob = (text: string) => ({ content: b64(text), encoding: 'base64', sha: blobSha(text) });

  it('gathers what the formula extends and expands (repository first, built-ins after), pins it, and cook uses it', async () => {
    nock(API)
      .get('/repos/acme/widgets/contents/.github%2Fformulas')
      .query({ ref: 'main' })
      .reply(200, listing)
      .get(`/repos/acme/widgets/git/blobs/${blobSha(RELEASE)}`)
      .reply(200, blob(RELEASE))
      .get(`/repos/acme/widgets/git/blobs/${blobSha(BASE)}`)
      .reply(200, blob(BASE));
    const loaded = await loadFormulaLibrary(octokit(), repo, 'release', {
      defaultBranch: 'main',
      builtin: builtins,
    });
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.library.names()).toEqual(['base', 'double-check', 'release']);
    expect(loaded.value.ref).toEqual({
      name: 'release',
      source: { path: '.github/formulas/release.formula.toml', blobSha: blobSha(RELEASE) },
      pins: {
        base: { path: '.github/formulas/base.formula.toml', blobSha: blobSha(BASE) },
        'double-check': 'builtin@0.1.0',
      },
    });
    const cooked = cook(loaded.value.root, { library: loaded.value.library });
    if (!cooked.ok) throw new Error(cooked.error.message);
    expect(cooked.value.proto.steps.map((s) => s.id)).toEqual(['build.first', 'build.second', 'ship']);
  });

  it("finds a parent in the config's formula search path, Gas City's plain <name>.toml included, listing it only when needed", async () => {
    const work =
      'formula = "work"\nextends = ["polecat-base"]\n[[steps]]\nid = "submit"\nneeds = ["build"]\n';
    const base = 'formula = "polecat-base"\n[[steps]]\nid = "build"\n';
    nock(API)
      .get('/repos/acme/widgets/contents/.github%2Fformulas')
      .query({ ref: 'main' })
      .reply(200, [
        { type: 'file', name: 'work.toml', path: '.github/formulas/work.toml', sha: blobSha(work) },
      ])
      .get('/repos/acme/widgets/contents/packs%2Fcore%2Fformulas')
      .query({ ref: 'main' })
      .reply(200, [
        {
          type: 'file',
          name: 'polecat-base.toml',
          path: 'packs/core/formulas/polecat-base.toml',
          sha: blobSha(base),
        },
      ])
      .get(`/repos/acme/widgets/git/blobs/${blobSha(work)}`)
      .reply(200, blob(work))
      .get(`/repos/acme/widgets/git/blobs/${blobSha(base)}`)
      .reply(200, blob(base));
    const loaded = await loadFormulaLibrary(octokit(), repo, 'work', {
      defaultBranch: 'main',
      searchPath: ['packs/core/formulas', 'packs/unused/formulas'],
    });
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.ref.pins).toEqual({
      'polecat-base': { path: 'packs/core/formulas/polecat-base.toml', blobSha: blobSha(base) },
    });
    const cooked = cook(loaded.value.root, { library: loaded.value.library });
    if (!cooked.ok) throw new Error(cooked.error.message);
    expect(cooked.value.proto.steps.map((s) => s.id)).toEqual(['build', 'submit']);
  });

  it('names the formulas the repository has when the one asked for is unknown', async () => {
    nock(API).get('/repos/acme/widgets/contents/.github%2Fformulas').query(true).reply(200, listing);
    const loaded = await loadFormulaLibrary(octokit(), repo, 'relaese', { defaultBranch: 'main' });
    expect(loaded).toMatchObject({ ok: false, error: { code: 'unknown-formula' } });
    expect(!loaded.ok && loaded.error.message).toMatch(/the repository has: base, release/);
  });

  it('loads a built-in when the repository has no formulas folder', async () => {
    nock(API).get('/repos/acme/widgets/contents/.github%2Fformulas').query(true).reply(404, {});
    const loaded = await loadFormulaLibrary(octokit(), repo, 'double-check', {
      defaultBranch: 'main',
      builtin: builtins,
    });
    expect(loaded.ok && loaded.value.ref.source).toBe('builtin@0.1.0');
  });

  it("re-reads a running molecule's formula by its pins, whatever the branch holds now", async () => {
    forgetProtos();
    nock(API)
      .get(`/repos/acme/widgets/git/blobs/${blobSha(RELEASE)}`)
      .reply(200, blob(RELEASE))
      .get(`/repos/acme/widgets/git/blobs/${blobSha(BASE)}`)
      .reply(200, blob(BASE));
    const source = githubFormulaSource(octokit(), repo, {
      defaultBranch: async () => 'main',
      builtin: builtins,
    });
    const mol = {
      id: '7-abc123',
      vars: {},
      formula: {
        name: 'release',
        source: { path: '.github/formulas/release.formula.toml', blobSha: blobSha(RELEASE) },
        pins: {
          base: { path: '.github/formulas/base.formula.toml', blobSha: blobSha(BASE) },
          'double-check': 'builtin@0.1.0',
        },
      },
    } as unknown as Molecule;
    const proto = await loadProto(source, mol);
    if (!proto.ok) throw new Error(proto.error.message);
    expect(proto.value.steps.map((s) => s.id)).toEqual(['build.first', 'build.second', 'ship']);
  });
});

describe('githubFormulaSource', () => {
  it('resolves a TOML formula that pulls in nothing with one call, pinned by its blob sha', async () => {
    const text = 'formula = "solo"\n[[steps]]\nid = "only"\n';
    nock(API)
      .get('/repos/acme/widgets/contents/.github%2Fformulas%2Fsolo.formula.toml')
      .query({ ref: 'main' })
      .reply(200, fileReply('.github/formulas/solo.formula.toml', text));
    const source = githubFormulaSource(octokit(), repo, {
      defaultBranch: async () => 'main',
      builtin: builtins,
    });
    const resolved = await source.resolve('solo');
    if (!resolved.ok) throw new Error(resolved.error.message);
    expect(await resolved.value.pin('solo', [])).toEqual({
      ok: true,
      value: { name: 'solo', source: { path: '.github/formulas/solo.formula.toml', blobSha: blobSha(text) } },
    });
  });

  it('takes a file the face already read from the default branch: the pour and its pin need no call', async () => {
    const text = 'formula = "solo"\n[[steps]]\nid = "only"\n';
    const path = '.github/formulas/solo.formula.toml';
    // nock answers nothing here: any call would fail the test.
    const source = githubFormulaSource(octokit(), repo, {
      defaultBranch: async () => 'main',
      builtin: builtins,
      read: new Map([[path, { path, sha: blobSha(text), text }]]),
    });
    const resolved = await source.resolve('solo');
    if (!resolved.ok) throw new Error(resolved.error.message);
    expect(await resolved.value.pin('solo', [])).toEqual({
      ok: true,
      value: { name: 'solo', source: { path, blobSha: blobSha(text) } },
    });
    expect(await source.readBlob({ path, blobSha: blobSha(text) })).toEqual({ ok: true, value: text });
  });

  it('reads a pinned blob the face did not read by its sha, as before', async () => {
    const now = 'formula = "solo"\n[[steps]]\nid = "now"\n';
    const then = 'formula = "solo"\n[[steps]]\nid = "then"\n';
    const path = '.github/formulas/solo.formula.toml';
    nock(API)
      .get(`/repos/acme/widgets/git/blobs/${blobSha(then)}`)
      .reply(200, {
        content: b64(then),
        encoding: 'base64',
        sha: blobSha(then),
      });
    const source = githubFormulaSource(octokit(), repo, {
      defaultBranch: async () => 'main',
      builtin: builtins,
      read: new Map([[path, { path, sha: blobSha(now), text: now }]]),
    });
    expect(await source.readBlob({ path, blobSha: blobSha(then) })).toEqual({ ok: true, value: then });
  });

  it('names the built-ins and the file to add when the formula is nowhere', async () => {
    nock(API)
      .get('/repos/acme/widgets/contents/.github%2Fformulas%2Fnope.formula.toml')
      .query(true)
      .reply(404, {})
      .get('/repos/acme/widgets/contents/.github%2Fformulas')
      .query(true)
      .reply(404, {});
    const source = githubFormulaSource(octokit(), repo, {
      defaultBranch: async () => 'main',
      builtin: builtins,
      builtinNames: () => ['double-check'],
    });
    const resolved = await source.resolve('nope');
    expect(resolved).toMatchObject({ ok: false, error: { code: 'unknown-formula' } });
    expect(!resolved.ok && resolved.error.message).toMatch(
      /the built-ins are double-check\. Add \.github\/formulas\/nope\.formula\.toml on main to pour it\./,
    );
  });
});

describe('description_file on GitHub', () => {
  const DESCRIBED = `formula = "described"
[[steps]]
id = "write"
description = "inline"
description_file = "prompts/write.md"
`;
  const PROMPT = 'Write the release notes.\n';
  const blob = (text: string) => ({ content: b64(text), encoding: 'base64', sha: blobSha(text) });

  it('reads the file beside the formula from the default branch, pins it, and re-cooking the pins gives the same text', async () => {
    forgetProtos();
    nock(API)
      .get('/repos/acme/widgets/contents/.github%2Fformulas%2Fdescribed.formula.toml')
      .query({ ref: 'main' })
      .reply(200, fileReply('.github/formulas/described.formula.toml', DESCRIBED))
      .get('/repos/acme/widgets/contents/.github%2Fformulas%2Fprompts%2Fwrite.md')
      .query({ ref: 'main' })
      .reply(200, fileReply('.github/formulas/prompts/write.md', PROMPT));
    const source = githubFormulaSource(octokit(), repo, {
      defaultBranch: async () => 'main',
      builtin: builtins,
    });
    const resolved = await source.resolve('described');
    if (!resolved.ok) throw new Error(resolved.error.message);
    const cooked = cook(resolved.value.root, { vars: {}, library: resolved.value.library });
    if (!cooked.ok) throw new Error(cooked.error.message);
    expect(cooked.value.proto.steps[0]?.description).toBe(PROMPT);
    const ref = await resolved.value.pin('described', []);
    if (!ref.ok) throw new Error(ref.error.message);
    expect(ref.value.pins?.['description_file:described:prompts/write.md']).toEqual({
      path: '.github/formulas/prompts/write.md',
      blobSha: blobSha(PROMPT),
    });
    // The branch may have moved on: the molecule reads its pinned blobs, never the branch.
    clearBlobCache();
    nock(API)
      .get(`/repos/acme/widgets/git/blobs/${blobSha(DESCRIBED)}`)
      .reply(200, blob(DESCRIBED))
      .get(`/repos/acme/widgets/git/blobs/${blobSha(PROMPT)}`)
      .reply(200, blob(PROMPT));
    const mol = { id: '8-abc123', vars: {}, formula: ref.value } as unknown as Molecule;
    const proto = await loadProto(source, mol);
    if (!proto.ok) throw new Error(proto.error.message);
    expect(proto.value.steps[0]?.description).toBe(PROMPT);
  });

  it.each([['../../../etc/passwd'], ['/etc/passwd']])(
    'refuses %s, which leaves the repository, at the formula key, without asking GitHub for it',
    async (file) => {
      const text = `formula = "escape"\n[[steps]]\nid = "a"\ndescription_file = "${file}"\n`;
      nock(API)
        .get('/repos/acme/widgets/contents/.github%2Fformulas%2Fescape.formula.toml')
        .query({ ref: 'main' })
        .reply(200, fileReply('.github/formulas/escape.formula.toml', text));
      const source = githubFormulaSource(octokit(), repo, {
        defaultBranch: async () => 'main',
        builtin: builtins,
      });
      const resolved = await source.resolve('escape');
      expect(resolved).toMatchObject({
        ok: false,
        error: { code: 'description-file', file: '.github/formulas/escape.formula.toml', line: 4 },
      });
      expect(!resolved.ok && resolved.error.message).toMatch(/leaves the repository/);
    },
  );
});

describe('referencedFormulas', () => {
  it('names what steps pull in at any depth (an on_complete bond, an inline expand) beside extends, compose and aspects', () => {
    const parsed = parseFormula(
      `formula = "survey"
extends = ["base"]
[compose]
aspects = ["logging"]
[[compose.map]]
select = "build"
with = "double-check"
[[steps]]
id = "survey"
run = "true"
on_complete = { for_each = "output.workers", bond = "mol-arm" }
[[steps]]
id = "group"
[[steps.children]]
id = "inner"
expand = "review"
[[steps]]
id = "again"
[steps.loop]
count = 2
[[steps.loop.body]]
id = "each"
on_complete = { for_each = "output.items", bond = "mol-item" }
`,
      'survey.formula.toml',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(referencedFormulas(parsed.value).sort()).toEqual(
      ['base', 'double-check', 'logging', 'mol-arm', 'mol-item', 'review'].sort(),
    );
  });
});
