/**
 * The runner's own git against what a step can leave in `.git`: hooks and an fsmonitor never run
 * (nor auto maintenance, which would only cost time),
 * git and anything it starts get no token from the process's environment, and a push carries the
 * remote's token in its request without it ever reaching `.git/config`.
 */
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStep } from '../../../src/runner/commit-step.js';
import { git } from '../../../src/runner/git.js';
import { pathExists } from '../../../src/runner/path-exists.js';
import { pushBranch } from '../../../src/runner/push-branch.js';
import { remoteAuthEnv } from '../../../src/runner/remote-auth.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

let repo: TempRepo;
beforeEach(async () => {
  repo = await makeTempRepo();
});
afterEach(async () => {
  delete process.env.GITHUB_TOKEN;
  await repo.cleanup();
});

/** A script that leaves a marker (and its environment) when something runs it. */
async function trap(name: string): Promise<{ path: string; marker: string }> {
  const path = join(repo.root, name);
  const marker = join(repo.root, `${name}.ran`);
  await writeFile(path, `#!/bin/sh\nenv > '${marker}'\nexit 0\n`);
  await chmod(path, 0o755);
  return { path, marker };
}

describe("the runner's git", () => {
  it('runs no hook a step wrote into .git/hooks, on commit or push', async () => {
    await repo.git(['checkout', '-q', '-b', 'molecular/m1/s1']);
    const markers: string[] = [];
    for (const hook of ['pre-commit', 'commit-msg', 'post-commit', 'pre-push', 'reference-transaction']) {
      const { path, marker } = await trap(hook);
      await writeFile(join(repo.dir, '.git/hooks', hook), await readFile(path, 'utf8'));
      await chmod(join(repo.dir, '.git/hooks', hook), 0o755);
      markers.push(marker);
    }
    await repo.write('work.txt', 'the step’s work\n');
    const committed = await commitStep({ cwd: repo.dir, molId: 'm1', stepId: 's1', message: 'work' });
    expect(committed.ok && committed.value.committed).toBe(true);
    const pushed = await pushBranch({ cwd: repo.dir, remote: 'origin', branch: 'molecular/m1/s1' });
    expect(pushed.ok).toBe(true);
    for (const marker of markers) expect(await pathExists(marker), marker).toBe(false);
  });

  it("starts no auto maintenance with its commits (the user's own next commit does)", async () => {
    // A maintenance task made to run on every `git commit --auto` check: it leaves commit-graphs.
    await repo.git(['config', 'maintenance.commit-graph.enabled', 'true']);
    await repo.git(['config', 'maintenance.commit-graph.auto', '-1']);
    await repo.git(['config', 'maintenance.autoDetach', 'false']);
    const graphs = join(repo.dir, '.git/objects/info/commit-graphs');
    await repo.write('work.txt', 'x\n');
    const committed = await commitStep({ cwd: repo.dir, molId: 'm1', stepId: 's1', message: 'work' });
    expect(committed.ok && committed.value.committed).toBe(true);
    expect(await pathExists(graphs)).toBe(false);
    // The same repository's own commit does run it: the setting above is live.
    await repo.write('more.txt', 'y\n');
    await repo.git(['add', 'more.txt']);
    await repo.git(['commit', '-q', '-m', 'by hand']);
    expect(await pathExists(graphs)).toBe(true);
  });

  it('runs no fsmonitor a step configured', async () => {
    const { path, marker } = await trap('fsmonitor');
    await repo.git(['config', 'core.fsmonitor', path]);
    await repo.write('work.txt', 'x\n');
    const committed = await commitStep({ cwd: repo.dir, molId: 'm1', stepId: 's1', message: 'work' });
    expect(committed.ok).toBe(true);
    expect(await pathExists(marker)).toBe(false);
  });

  it("gives what git starts no token from the runner's environment", async () => {
    process.env.GITHUB_TOKEN = 'ghs_runner_secret';
    const dump = join(repo.root, 'alias.env');
    const ran = await git(repo.dir, ['-c', `alias.dump=!env > '${dump}'`, 'dump']);
    expect(ran.ok).toBe(true);
    const env = await readFile(dump, 'utf8');
    expect(env).toContain('PATH=');
    expect(env).not.toContain('ghs_runner_secret');
  });

  it('pushes with the token in that request alone; .git/config never holds it', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(403).end('no');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await repo.git(['checkout', '-q', '-b', 'molecular/m1/s1']);
      const pushed = await pushBranch({
        cwd: repo.dir,
        remote: `${origin}/acme/widgets.git`,
        branch: 'molecular/m1/s1',
        env: remoteAuthEnv(origin, 'ghs_push_token'),
      });
      expect(pushed.ok).toBe(false);
    } finally {
      await new Promise((done) => server.close(done));
    }
    const basic = Buffer.from('x-access-token:ghs_push_token').toString('base64');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.map((h) => h.authorization)).toContain(`basic ${basic}`);
    const config = await readFile(join(repo.dir, '.git/config'), 'utf8');
    expect(config).not.toContain(basic);
    expect(config).not.toMatch(/extraheader/i);
  });
});
