import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  forgetAttemptBase,
  readTreeStart,
  recordAttemptBase,
  recordFreshAttemptBase,
  setAsideAttempt,
} from '../../../src/runner/attempt-refs.js';
import { pathExists } from '../../../src/runner/path-exists.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

let repo: TempRepo;
beforeEach(async () => {
  repo = await makeTempRepo();
});
afterEach(() => repo.cleanup());

const refs = () => repo.git(['for-each-ref', '--format=%(refname)', 'refs/molecular/attempts/m1/s1/']);
const must = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('attempt bases in the working tree', () => {
  it('a clean tree records HEAD itself as the base; an attempt set aside goes back to it, its work kept', async () => {
    const base = await repo.git(['rev-parse', 'HEAD']);
    must(await recordAttemptBase(repo.dir, 'm1', 's1', true, base));
    expect(await refs()).toBe('refs/molecular/attempts/m1/s1/base-head');
    expect(must(await readTreeStart(repo.dir, 'm1', 's1'))).toEqual({
      head: { commit: base, name: 'refs/heads/main' },
      baseLeft: true,
    });

    // The attempt commits one file and leaves another uncommitted, then dies.
    await repo.write('committed.txt', 'c\n');
    await repo.commitAll('attempt work');
    await repo.write('loose.txt', 'l\n');
    const kept = must(await setAsideAttempt(repo.dir, 'm1', 's1', 1));
    expect(kept).toBe('refs/molecular/attempts/m1/s1/1');
    expect(await repo.git(['show', `${kept}:loose.txt`])).toBe('l');
    expect(await repo.git(['show', `${kept}:committed.txt`])).toBe('c');
    expect(await repo.git(['rev-parse', 'main'])).toBe(base);
    expect(await pathExists(join(repo.dir, 'committed.txt'))).toBe(false);
    expect(await pathExists(join(repo.dir, 'loose.txt'))).toBe(false);
    expect(await repo.git(['status', '--porcelain'])).toBe('');
    expect(await refs()).toBe('refs/molecular/attempts/m1/s1/1');
    expect(must(await readTreeStart(repo.dir, 'm1', 's1'))?.baseLeft).toBe(false);
  });

  it('a base with a person’s work in it is a snapshot commit at …/base; recording replaces the other name', async () => {
    const head = await repo.git(['rev-parse', 'HEAD']);
    must(await recordAttemptBase(repo.dir, 'm1', 's1', true, head));
    await repo.write('mine.txt', 'wip\n');
    must(await recordAttemptBase(repo.dir, 'm1', 's1', false, head));
    expect(await refs()).toBe('refs/molecular/attempts/m1/s1/base');
    expect(await repo.git(['rev-parse', 'refs/molecular/attempts/m1/s1/base^'])).toBe(head);

    await repo.write('attempt.txt', 'a\n');
    const kept = must(await setAsideAttempt(repo.dir, 'm1', 's1', 1));
    expect(await repo.git(['show', `${kept}:attempt.txt`])).toBe('a');
    // The person's work is back where it was, uncommitted.
    expect(await readFile(join(repo.dir, 'mine.txt'), 'utf8')).toBe('wip\n');
    expect(await repo.git(['status', '--porcelain'])).toBe('?? mine.txt');
  });

  it('forgets either name, and an attempt that left nothing keeps no ref', async () => {
    must(await recordAttemptBase(repo.dir, 'm1', 's1', true, await repo.git(['rev-parse', 'HEAD'])));
    must(await forgetAttemptBase(repo.dir, 'm1', 's1'));
    expect(await refs()).toBe('');
    must(await forgetAttemptBase(repo.dir, 'm1', 's1'));

    must(await recordAttemptBase(repo.dir, 'm1', 's1', true, await repo.git(['rev-parse', 'HEAD'])));
    expect(must(await setAsideAttempt(repo.dir, 'm1', 's1', 1))).toBeUndefined();
    expect(await refs()).toBe('');
  });

  it('records a fresh base only where no attempt left one, in the transaction that forgets completed ones', async () => {
    const head = await repo.git(['rev-parse', 'HEAD']);
    must(await recordAttemptBase(repo.dir, 'm1', 's0', true, head));
    expect(
      must(await recordFreshAttemptBase(repo.dir, 'm1', 's1', true, head, [{ molId: 'm1', stepId: 's0' }])),
    ).toBe(true);
    expect(await refs()).toBe('refs/molecular/attempts/m1/s1/base-head');
    expect(await repo.git(['for-each-ref', 'refs/molecular/attempts/m1/s0/'])).toBe('');

    // Either name left behind by an earlier attempt: nothing written, the caller goes the long way.
    expect(must(await recordFreshAttemptBase(repo.dir, 'm1', 's1', true, head))).toBe(false);
    await repo.write('mine.txt', 'wip\n');
    expect(must(await recordFreshAttemptBase(repo.dir, 'm1', 's1', false, head))).toBe(false);
    expect(await refs()).toBe('refs/molecular/attempts/m1/s1/base-head');
    expect(await repo.git(['rev-parse', 'refs/molecular/attempts/m1/s1/base-head'])).toBe(head);
  });
});
