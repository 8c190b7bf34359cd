import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitObject, objectSha } from '../../../../src/github/git-wire/git-object.js';
import { readPack, writePack } from '../../../../src/github/git-wire/pack.js';

const run = promisify(execFile);
/** FC_SEED replays a run; the seed is printed either way. */
const SEED = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = { numRuns: 100, seed: SEED };
console.log(`pack properties: FC_SEED=${SEED}`);

const object: fc.Arbitrary<GitObject> = fc.record({
  type: fc.constantFrom('commit', 'tree', 'blob', 'tag'),
  // Past 15 and 2,047 bytes the size header takes a second and a third byte.
  body: fc.uint8Array({ maxLength: 5_000 }).map((bytes) => Buffer.from(bytes)),
});

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mol-pack-'));
  await run('git', ['init', '-q', '--bare', join(root, 'repo.git')]);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('pack', () => {
  it('reads back every object it writes, in order', () => {
    fc.assert(
      fc.property(fc.array(object, { maxLength: 6 }), (objects) => {
        expect(readPack(writePack(objects))).toEqual(objects);
      }),
      RUNS,
    );
  });

  it('writes a pack real git indexes, with the objects it names', async () => {
    const objects: GitObject[] = [
      { type: 'blob', body: Buffer.from('hello\n') },
      { type: 'tree', body: Buffer.alloc(0) },
      { type: 'blob', body: Buffer.alloc(3_000, 'x') },
    ];
    const file = join(root, 'ours.pack');
    await writeFile(file, writePack(objects));
    const { stdout } = await run('git', [
      '--git-dir',
      join(root, 'repo.git'),
      'index-pack',
      '--strict',
      file,
    ]);
    expect(stdout.trim()).toMatch(/^[0-9a-f]{40}$/);
    const listed = await run('git', ['verify-pack', '-v', file.replace(/\.pack$/, '.idx')]);
    for (const o of objects) expect(listed.stdout).toContain(objectSha(o));
  });

  it('reads a pack real git wrote, and refuses a deltified object and a bad checksum with one line', async () => {
    const repo = join(root, 'repo.git');
    const sha = (
      await run('sh', ['-c', `printf 'a lock of ours\\n' | git --git-dir ${repo} hash-object -w --stdin`])
    ).stdout.trim();
    const packed = join(root, 'theirs');
    await run('sh', ['-c', `echo ${sha} | git --git-dir ${repo} pack-objects -q ${packed}`]);
    const [name] = (await readdir(root)).filter((f) => f.startsWith('theirs-') && f.endsWith('.pack'));
    const theirs = await readFile(join(root, name as string));
    expect(readPack(theirs)).toEqual([{ type: 'blob', body: Buffer.from('a lock of ours\n') }]);

    const broken = Buffer.from(theirs);
    broken[broken.length - 1] = (broken.at(-1) as number) ^ 1;
    expect(() => readPack(broken)).toThrow('a packfile whose checksum does not match');

    // A REF_DELTA header (type 7) in an otherwise valid pack.
    const delta = writePack([{ type: 'blob', body: Buffer.from('x') }]);
    delta[12] = (7 << 4) | 1;
    const resummed = Buffer.concat([
      delta.subarray(0, delta.length - 20),
      createHash('sha1')
        .update(delta.subarray(0, delta.length - 20))
        .digest(),
    ]);
    expect(() => readPack(resummed)).toThrow('a deltified object in the packfile');
  });
});
