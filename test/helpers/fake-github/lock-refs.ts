/**
 * On GitHub a ref is one thing, whether git pushed it or the API made it: the Action takes a
 * molecule's lease by `git push` and the App by `POST git/refs`, on the same `refs/molecular/*`
 * ref, and they exclude each other because it is one ref. So while the fake serves a bare remote
 * over git (git-http.ts), its REST routes keep `refs/molecular/*` in that remote, with git's own
 * compare-and-swap (`update-ref <ref> <new> <old>`), and the commits the API makes are written
 * into it too (so a pushed ref may point at them, and a commit a push made is read by its sha).
 * Git's own compare-and-swap makes each change atomic, so the calls need not block the fake's
 * event loop (a blocked loop stretched two App replicas' leases past their expiry).
 */
import { execFile } from 'node:child_process';
import type { FakeState, GitCommitRecord } from './state.js';

const ZERO = '0'.repeat(40);
const LOCKS = 'refs/molecular/';

const git = (remote: string, args: string[], input?: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = execFile('git', [`--git-dir=${remote}`, ...args], { encoding: 'utf8' }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    if (input !== undefined) child.stdin?.end(input);
  });

/** The bare remote that holds `ref`, when it is a molecular ref and a remote is served. */
export function lockRemote(state: FakeState, ref: string): string | undefined {
  return state.gitRemote !== undefined && ref.startsWith(LOCKS) ? state.gitRemote : undefined;
}

export async function readLockRef(remote: string, ref: string): Promise<string | undefined> {
  try {
    return (await git(remote, ['rev-parse', '--verify', '-q', `${ref}^{commit}`])).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Moves `ref` from `expected` (undefined: absent) to `next` (undefined: delete); false when it was not at `expected`. */
export async function swapLockRef(
  remote: string,
  ref: string,
  next: string | undefined,
  expected: string | undefined,
): Promise<boolean> {
  try {
    if (next === undefined) await git(remote, ['update-ref', '-d', ref, expected ?? ZERO]);
    else await git(remote, ['update-ref', ref, next, expected ?? ZERO]);
    return true;
  } catch {
    return false;
  }
}

export async function listLockRefs(remote: string, prefix: string): Promise<Array<[string, string]>> {
  return (await git(remote, ['for-each-ref', '--format=%(refname) %(objectname)', prefix]))
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ') as [string, string]);
}

/** Writes a commit the API made into the remote under its own sha. */
export async function storeCommitObject(remote: string, text: string): Promise<void> {
  await git(remote, ['hash-object', '-t', 'commit', '-w', '--stdin'], text);
}

/** A commit only the remote holds (a push made it), as the API describes one. */
export async function readRemoteCommit(remote: string, sha: string): Promise<GitCommitRecord | undefined> {
  let text: string;
  try {
    text = await git(remote, ['cat-file', 'commit', sha]);
  } catch {
    return undefined;
  }
  const split = text.indexOf('\n\n');
  const headers = text.slice(0, split).split('\n');
  const person = (line: string | undefined) => {
    const match = /^\w+ (.*) <(.*)> (\d+) [+-]\d{4}$/.exec(line ?? '');
    return {
      name: match?.[1] ?? '',
      email: match?.[2] ?? '',
      date: new Date(Number(match?.[3] ?? 0) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
  };
  return {
    sha,
    tree: headers.find((h) => h.startsWith('tree '))?.slice(5) ?? '',
    parents: headers.filter((h) => h.startsWith('parent ')).map((h) => h.slice(7)),
    message: text.slice(split + 2),
    author: person(headers.find((h) => h.startsWith('author '))),
    committer: person(headers.find((h) => h.startsWith('committer '))),
  };
}
