/**
 * `[pull_request]` on this machine, against real git: the result branch is the merge of the
 * delivered branches, built without a working tree, and `mol` says how to open the pull request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { localEffectHandlers } from '../../../src/local/local-effects.js';
import { makeProto, pourMol, protoStep } from '../../helpers/engine-fixtures.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

let repo: TempRepo | undefined;
afterEach(async () => {
  await repo?.cleanup();
  repo = undefined;
});

const PR = {
  title: 'T',
  body: '',
  draft: true,
  labels: [],
  reviewers: [],
  teamReviewers: [],
  closesIssue: true,
};
const proto = makeProto([protoStep('api'), protoStep('ui')], { pullRequest: PR });

async function world(uiReadme?: string) {
  repo = await makeTempRepo();
  const r = repo;
  const branch = async (name: string, files: Record<string, string>) => {
    await r.git(['checkout', '-q', '-b', name, 'main']);
    for (const [path, content] of Object.entries(files)) await r.write(path, content);
    await r.commitAll(name);
    await r.git(['checkout', '-q', 'main']);
  };
  await branch('molecular/m1/api', { 'api.txt': 'api\n', 'README.md': '# by api\n' });
  await branch('molecular/m1/ui', { 'ui.txt': 'ui\n', ...(uiReadme ? { 'README.md': uiReadme } : {}) });
  const lines: string[] = [];
  const io = { now: () => new Date(0), out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
  const handlers = localEffectHandlers({ repoDir: r.dir, worktreeRoot: r.root, io }, proto);
  const mol = {
    ...pourMol(proto).mol,
    steps: [
      { id: 'api', status: 'completed' as const, attempts: 1, loops: 0, branch: 'molecular/m1/api' },
      { id: 'ui', status: 'completed' as const, attempts: 1, loops: 0, branch: 'molecular/m1/ui' },
    ],
  };
  const effect = { type: 'deliver' as const, step: 'ui', branches: ['molecular/m1/api', 'molecular/m1/ui'] };
  return { r, lines, events: await handlers.deliver(effect, mol, { problems: [] }) };
}

describe('delivering on this machine', () => {
  it('merges the branches into molecular/<mol>/-result and prints the gh command', async () => {
    const { r, lines, events } = await world();
    expect(events).toEqual([{ type: 'delivered', delivery: { branch: 'molecular/m1/-result' } }]);
    const files = (await r.git(['ls-tree', '-r', '--name-only', 'molecular/m1/-result'])).split('\n');
    expect(files.sort()).toEqual(['README.md', 'api.txt', 'ui.txt']);
    expect(await r.git(['rev-parse', '--abbrev-ref', 'HEAD'])).toBe('main');
    expect(lines).toEqual([
      'the work of m1 is on molecular/m1/-result; open a pull request from it with:',
      '  git push -u origin molecular/m1/-result && gh pr create --head molecular/m1/-result --draft --fill',
    ]);
  });

  it('fails the step whose work conflicts, naming the paths, and leaves no branch', async () => {
    const { r, events } = await world('# by ui\n');
    expect(events).toEqual([
      {
        type: 'delivery-failed',
        step: 'ui',
        error:
          'step "ui" does not merge into molecular/m1/-result: conflicts in README.md; resolve it on the step\'s branch and /mol retry ui',
      },
    ]);
    expect(await r.git(['branch', '--list', 'molecular/m1/-result'])).toBe('');
  });
});
