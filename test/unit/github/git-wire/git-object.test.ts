import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitObject, objectSha, readCommit } from '../../../../src/github/git-wire/git-object.js';
import { formatLockRecord } from '../../../../src/github/store/lock-record.js';
import { EMPTY_TREE_SHA } from '../../../../src/github/store/ref-lock.js';
import { COMMIT_SETTINGS, MOLECULAR_IDENTITY, MOLECULAR_PERSON } from '../../../../src/runner/git.js';

const run = promisify(execFile);
let repo: string;

beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), 'mol-git-object-'));
  await run('git', ['init', '-q', '--bare', repo]);
});
afterAll(async () => {
  await rm(repo, { recursive: true, force: true });
});

/** What `git commit-tree` makes of the same tree, message and moment, with Molecular's identity. */
async function commitTree(message: string, time: number): Promise<string> {
  const when = `@${time} +0000`;
  const { stdout } = await run(
    'git',
    [
      `--git-dir=${repo}`,
      ...MOLECULAR_IDENTITY,
      ...COMMIT_SETTINGS,
      'commit-tree',
      EMPTY_TREE_SHA,
      '-m',
      message,
    ],
    { env: { ...process.env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when } },
  );
  return stdout.trim();
}

describe('commitObject', () => {
  it('is the commit git commit-tree makes for a lock record: same bytes, same sha', async () => {
    const time = 1_795_000_000;
    for (const message of [
      formatLockRecord({ holder: 'molecular[bot] app:1', expiresAt: '2026-11-27T12:01:00.000Z' }),
      formatLockRecord({ holder: 'run-ü', expiresAt: '2026-11-27T12:00:00.000Z', rev: 7, released: true }),
      'no newline at the end',
    ]) {
      const ours = commitObject({
        tree: EMPTY_TREE_SHA,
        author: MOLECULAR_PERSON,
        committer: MOLECULAR_PERSON,
        time,
        message,
      });
      const sha = await commitTree(message, time);
      expect(objectSha(ours)).toBe(sha);
      const { stdout } = await run('git', [`--git-dir=${repo}`, 'cat-file', 'commit', sha], {
        encoding: 'buffer',
      });
      expect(Buffer.compare(stdout as unknown as Buffer, ours.body)).toBe(0);
      expect(readCommit(ours.body)).toEqual({
        committerTime: time,
        message: message.endsWith('\n') ? message : `${message}\n`,
      });
    }
  });

  it('hashes an object as git hash-object does', async () => {
    const { stdout } = await run('sh', ['-c', `printf '' | git hash-object -t tree --stdin`]);
    expect(objectSha({ type: 'tree', body: Buffer.alloc(0) })).toBe(stdout.trim());
    expect(objectSha({ type: 'tree', body: Buffer.alloc(0) })).toBe(EMPTY_TREE_SHA);
  });

  it('refuses to read a commit without a committer line', () => {
    expect(() => readCommit(Buffer.from('tree x\n\nmessage\n'))).toThrow('a commit without a committer line');
  });
});
