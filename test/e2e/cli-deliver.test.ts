/**
 * `[pull_request]` on this machine, through the real `mol` binary and real git: `mol run` leaves
 * the molecule's work on `molecular/<mol>/-result` (every step's files, the step branches merged),
 * prints how to open the pull request from it with `gh pr create --head …`, and touches no network:
 * `origin` and every GitHub address point at a local listener that counts whoever connects.
 */

import { writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useCliRepo } from '../helpers/cli.js';

const SHIP = `formula = "ship"
execution = "distributed"

[pull_request]
title = "Ship it"
labels = ["molecular"]

[[steps]]
id = "plan"
run = "echo plan > plan.txt"

[[steps]]
id = "api"
needs = ["plan"]
run = "test -f plan.txt && echo api > api.txt"

[[steps]]
id = "ui"
needs = ["plan"]
run = "test -f plan.txt && echo ui > ui.txt"
`;

const { repo, run } = useCliRepo();

/** A TCP listener standing in for the network: it counts connections and answers none. */
async function trap(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let closeTrap: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeTrap?.();
  closeTrap = undefined;
});

describe('mol run of a formula with [pull_request]', () => {
  it('leaves every step’s work on molecular/<mol>/-result and prints the gh command, with no network', async () => {
    const net = await trap();
    closeTrap = net.close;
    const file = join(repo.flows, 'ship.formula.toml');
    await writeFile(file, SHIP);
    // Were mol to fetch, push or call GitHub, it would connect here.
    await repo.git(['remote', 'set-url', 'origin', `${net.url}/acme/widgets.git`]);
    const mainBefore = await repo.git(['rev-parse', 'main']);

    const result = await run(['run', file, '--id', 'ship1'], {
      GITHUB_API_URL: net.url,
      GITHUB_SERVER_URL: net.url,
      GH_HOST: net.url.replace('http://', ''),
      HTTP_PROXY: net.url,
      HTTPS_PROXY: net.url,
      ALL_PROXY: net.url,
      GIT_TERMINAL_PROMPT: '0',
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/^mol: (?!warning)/m);

    const branch = 'molecular/ship1/-result';
    // Every step's files, with what each step wrote, on the result branch.
    const files = (await repo.git(['ls-tree', '-r', '--name-only', branch])).split('\n');
    expect(files.sort()).toEqual(['README.md', 'api.txt', 'plan.txt', 'ui.txt']);
    for (const step of ['plan', 'api', 'ui'])
      expect(await repo.git(['show', `${branch}:${step}.txt`])).toBe(step);
    // The step branches are in it: it is their merge, not a copy.
    for (const step of ['api', 'ui'])
      expect(
        await repo.git(['merge-base', '--is-ancestor', `molecular/ship1/${step}`, branch]).then(
          () => true,
          () => false,
        ),
      ).toBe(true);
    // The user's branch and checkout are untouched.
    expect(await repo.git(['rev-parse', 'main'])).toBe(mainBefore);
    expect(await repo.git(['rev-parse', '--abbrev-ref', 'HEAD'])).toBe('main');

    expect(result.stdout).toContain(`the work of ship1 is on ${branch}; open a pull request from it with:`);
    expect(result.stdout).toContain(
      `  git push -u origin ${branch} && gh pr create --head ${branch} --draft --fill`,
    );
    // Nothing left this machine: no connection, and the remote was never asked.
    expect(net.connections()).toBe(0);
    // …and the trap does catch git: asking origin connects to it.
    await repo.git(['ls-remote', 'origin']).catch(() => undefined);
    expect(net.connections()).toBeGreaterThan(0);
  }, 120_000);
});
