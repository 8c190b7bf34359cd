/**
 * On GitHub a branch pushed with git is at once a branch of the API: `GET git/ref` finds it and
 * `POST /merges` merges it. The Action e2e tests push to a local bare remote beside the fake, so
 * this carries every push of a branch into the fake as it happens: the remote's `post-receive`
 * hook posts what moved to a small server here, which answers once the fake holds the branch's
 * files at its real commit (and the commits' parents, for fast-forward checks). The push waits for
 * that answer, as a job's next API call would find the branch on GitHub. Branches the API writes
 * (a result branch built with `POST /merges`) stay in the fake only: no job fetches them.
 */
import { execFile } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FakeGitHub } from './fake-github/index.js';

const run = promisify(execFile);
const ZERO = /^0+$/;

/** Installs the hook in the bare `remote`; the returned function stops the server. */
export async function mirrorPushes(gh: FakeGitHub, remote: string): Promise<() => Promise<void>> {
  const git = async (args: string[]) =>
    (await run('git', [`--git-dir=${remote}`, ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout;

  const mirror = async (line: string) => {
    const [, to, ref] = line.trim().split(' ');
    if (to === undefined || ref === undefined || !ref.startsWith('refs/heads/')) return;
    const branch = ref.slice('refs/heads/'.length);
    // The test seeds the default branch's files in both places itself.
    if (branch === gh.state.defaultBranch) return;
    if (ZERO.test(to)) {
      gh.state.branchFiles.delete(branch);
      gh.state.refs.delete(ref);
      return;
    }
    const files = new Map<string, string>();
    for (const entry of (await git(['ls-tree', '-r', '-z', to])).split('\0')) {
      const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(entry);
      if (match) files.set(match[2] as string, await git(['cat-file', 'blob', match[1] as string]));
    }
    for (const commit of (await git(['rev-list', '--parents', to])).trim().split('\n')) {
      const [sha, ...parents] = commit.split(' ');
      if (sha) gh.state.commitParents.set(sha, parents);
    }
    gh.state.branchFiles.set(branch, files);
    gh.state.refs.set(ref, to);
  };

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const lines = body.split('\n').filter((l) => l.trim() !== '');
      lines
        .reduce((done, line) => done.then(() => mirror(line)), Promise.resolve())
        .then(
          () => res.writeHead(204).end(),
          (error: unknown) => res.writeHead(500).end(String(error)),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const post =
    "let s='';process.stdin.setEncoding('utf8').on('data',(d)=>{s+=d}).on('end',async()=>{" +
    "const r=await fetch(process.argv[1],{method:'POST',body:s});if(!r.ok){console.error(await r.text());process.exit(1)}})";
  const hook = join(remote, 'hooks', 'post-receive');
  await writeFile(
    hook,
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} -e ${JSON.stringify(post)} ${JSON.stringify(url)}\n`,
  );
  await chmod(hook, 0o755);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
