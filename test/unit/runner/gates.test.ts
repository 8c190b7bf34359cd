import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtoGate } from '../../../src/engine/cook/proto.js';
import { buildCheckpoint } from '../../../src/runner/build-checkpoint.js';
import { evaluateGates } from '../../../src/runner/evaluate-gates.js';

let cwd: string;
beforeAll(async () => {
  cwd = await realpath(await mkdtemp(join(tmpdir(), 'mol-gates-')));
  const files: Record<string, string> = {
    'out/report.md': '# report\n',
    'out/notes.txt': 'n\n',
    'out/.hidden.md': 'h\n',
    'plan.json': JSON.stringify({ title: 'Plan', steps: ['a', 'b'] }),
    'bad-plan.json': JSON.stringify({ steps: 'not a list' }),
    'broken.json': '{ "title": ',
    'schemas/plan.json': JSON.stringify({
      type: 'object',
      required: ['title', 'steps'],
      properties: {
        title: { type: 'string' },
        steps: { type: 'array', items: { type: 'string' } },
        at: { type: 'string', format: 'date-time' },
      },
    }),
    'schemas/plan-2020.json': JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { steps: { type: 'array', prefixItems: [{ const: 'a' }] } },
    }),
  };
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(cwd, path)), { recursive: true });
    await writeFile(join(cwd, path), content);
  }
});
afterAll(() => rm(cwd, { recursive: true, force: true }));

const one = async (gate: ProtoGate, extra: Partial<Parameters<typeof evaluateGates>[0]> = {}) => {
  const [result] = await evaluateGates({
    cwd,
    gates: [gate],
    env: { PATH: process.env.PATH ?? '' },
    ...extra,
  });
  if (!result) throw new Error('no result');
  return result;
};

describe('evaluateGates', () => {
  it('command: exit 0 passes, anything else fails, with the output tail as detail', async () => {
    const pass = await one({ type: 'command', run: 'echo all good' });
    expect(pass).toMatchObject({ type: 'command', passed: true });
    expect(pass.detail).toContain('all good');
    const fail = await one({ type: 'command', run: 'echo "2 tests failed" >&2; exit 1' });
    expect(fail.passed).toBe(false);
    expect(fail.detail).toContain('exit 1');
    expect(fail.detail).toContain('2 tests failed');
  });

  it('command: sees the step environment and runs in the workspace', async () => {
    const result = await one(
      { type: 'command', run: 'test "$MOL_STEP" = build && test -f plan.json' },
      { env: { MOL_STEP: 'build' } },
    );
    expect(result.passed).toBe(true);
  });

  it('command: its own timeout fails it', async () => {
    const result = await one({ type: 'command', run: 'sleep 5', timeout: '200ms' });
    expect(result.passed).toBe(false);
    expect(result.detail).toContain('timed out');
  });

  it('files: passes when every path exists, names the missing ones, supports * within a segment', async () => {
    expect((await one({ type: 'files', paths: ['plan.json', 'out/report.md'] })).passed).toBe(true);
    expect((await one({ type: 'files', paths: ['out/*.md', '*/notes.txt'] })).passed).toBe(true);
    const missing = await one({ type: 'files', paths: ['plan.json', 'out/missing.md', 'nowhere/*.md'] });
    expect(missing.passed).toBe(false);
    expect(missing.detail).toBe('missing: out/missing.md, nowhere/*.md');
    // `*` skips dotfiles, as in the shell.
    expect((await one({ type: 'files', paths: ['out/*hidden*'] })).passed).toBe(false);
  });

  it('files: a path outside the workspace fails instead of being looked up', async () => {
    for (const path of ['../etc/passwd', '/etc/passwd', 'out/../../x']) {
      const result = await one({ type: 'files', paths: [path] });
      expect(result.passed).toBe(false);
      expect(result.detail).toContain('outside the workspace');
    }
  });

  it('schema: valid JSON that matches passes; a mismatch, broken JSON or a missing file fails with the reason', async () => {
    expect(await one({ type: 'schema', file: 'plan.json', schema: 'schemas/plan.json' })).toMatchObject({
      passed: true,
    });
    const mismatch = await one({ type: 'schema', file: 'bad-plan.json', schema: 'schemas/plan.json' });
    expect(mismatch.passed).toBe(false);
    expect(mismatch.detail).toContain('/steps must be array');
    expect(mismatch.detail).toContain("must have required property 'title'");
    const broken = await one({ type: 'schema', file: 'broken.json', schema: 'schemas/plan.json' });
    expect(broken.passed).toBe(false);
    expect(broken.detail).toContain('not valid JSON');
    const missing = await one({ type: 'schema', file: 'nope.json', schema: 'schemas/plan.json' });
    expect(missing.detail).toBe('nope.json does not exist');
    const outside = await one({ type: 'schema', file: '../plan.json', schema: 'schemas/plan.json' });
    expect(outside.passed).toBe(false);
  });

  describe('symbolic links the step left', () => {
    // A secret next to the workspace, and links to it and to files inside, as a step could commit.
    let outside: string;
    beforeAll(async () => {
      outside = await realpath(await mkdtemp(join(tmpdir(), 'mol-gates-outside-')));
      await writeFile(join(outside, 'secret.json'), JSON.stringify({ token: 'SECRET-VALUE' }));
      await mkdir(join(outside, 'dir'));
      await writeFile(join(outside, 'dir/leak.md'), 'SECRET-VALUE');
      await mkdir(join(cwd, 'links'));
      await symlink(join(outside, 'secret.json'), join(cwd, 'links/abs.json'));
      await symlink(relative(join(cwd, 'links'), join(outside, 'secret.json')), join(cwd, 'links/rel.json'));
      await symlink(join(outside, 'dir'), join(cwd, 'links/dir'));
      await symlink('../plan.json', join(cwd, 'links/plan.json'));
      await symlink('../schemas', join(cwd, 'links/schemas'));
      await symlink('loop-b', join(cwd, 'links/loop-a'));
      await symlink('loop-a', join(cwd, 'links/loop-b'));
    });
    afterAll(() => rm(outside, { recursive: true, force: true }));

    it('schema: a data file or a schema that links outside fails, naming the path; links inside are followed', async () => {
      for (const file of ['links/abs.json', 'links/rel.json']) {
        const result = await one({ type: 'schema', file, schema: 'schemas/plan.json' });
        expect(result).toEqual({
          type: 'schema',
          passed: false,
          detail: `${file} leads outside the workspace through a symbolic link`,
        });
      }
      const schema = await one({ type: 'schema', file: 'plan.json', schema: 'links/abs.json' });
      expect(schema.passed).toBe(false);
      expect(schema.detail).toBe('links/abs.json leads outside the workspace through a symbolic link');
      const loop = await one({ type: 'schema', file: 'links/loop-a', schema: 'schemas/plan.json' });
      expect(loop.detail).toBe('links/loop-a is a loop of symbolic links');
      // Links that stay inside the workspace are followed.
      const result = await one({
        type: 'schema',
        file: 'links/plan.json',
        schema: 'links/schemas/plan.json',
      });
      expect(result).toMatchObject({
        passed: true,
        detail: 'links/plan.json matches links/schemas/plan.json',
      });
    });

    it('files: a path or a * match that links outside fails the gate; links inside count as present', async () => {
      for (const path of ['links/abs.json', 'links/dir/leak.md', 'links/*/leak.md']) {
        const result = await one({ type: 'files', paths: [path] });
        expect(result.passed).toBe(false);
        expect(result.detail).toMatch(/leads outside the workspace through a symbolic link$/);
        expect(result.detail).not.toContain('SECRET');
      }
      expect((await one({ type: 'files', paths: ['links/plan.json', 'links/schemas/*.json'] })).passed).toBe(
        true,
      );
    });
  });

  it('schema: honours a 2020-12 $schema (prefixItems)', async () => {
    expect((await one({ type: 'schema', file: 'plan.json', schema: 'schemas/plan-2020.json' })).passed).toBe(
      true,
    );
    const wrongFirst = join(cwd, 'plan-b.json');
    await writeFile(wrongFirst, JSON.stringify({ steps: ['b'] }));
    expect(
      (await one({ type: 'schema', file: 'plan-b.json', schema: 'schemas/plan-2020.json' })).passed,
    ).toBe(false);
  });

  it('timer: waiting until `after` has passed since awaitingSince, then passed', async () => {
    const since = '2026-01-01T00:00:00.000Z';
    const at = (iso: string) => () => new Date(iso);
    const early = await one(
      { type: 'timer', after: '2h' },
      { awaitingSince: since, now: at('2026-01-01T01:30:00.000Z') },
    );
    expect(early.passed).toBeNull();
    expect(early.detail).toContain('30m');
    const due = await one(
      { type: 'timer', after: '2h' },
      { awaitingSince: since, now: at('2026-01-01T02:00:00.000Z') },
    );
    expect(due.passed).toBe(true);
    expect((await one({ type: 'timer', after: '2h' })).passed).toBeNull();
  });

  it('gates a face must decide come back as waiting, in order', async () => {
    const results = await evaluateGates({
      cwd,
      env: {},
      gates: [
        { type: 'approval', permission: 'maintain' },
        { type: 'checks', names: ['ci / test'] },
        { type: 'pr-merged' },
        { type: 'conditional', condition: 'env == "prod"' },
      ],
    });
    expect(results.map((r) => [r.type, r.passed])).toEqual([
      ['approval', null],
      ['checks', null],
      ['pr-merged', null],
      ['conditional', null],
    ]);
    expect(results[0]?.detail).toContain('maintain');
    expect(results[1]?.detail).toContain('ci / test');
  });
});

describe('buildCheckpoint', () => {
  const now = () => new Date('2026-02-03T04:05:06.000Z');
  it('testsPassed is true only when the command and every command gate passed', () => {
    const gates = [
      { type: 'command', passed: true, detail: '' },
      { type: 'files', passed: false, detail: '' },
    ];
    const cp = buildCheckpoint({
      commit: 'abc',
      filesModified: ['a'],
      gates,
      commandPassed: true,
      notes: 'n',
      outputTail: 'tail',
      now,
    });
    expect(cp).toEqual({
      commit: 'abc',
      filesModified: ['a'],
      testsPassed: true,
      notes: 'n',
      capturedAt: '2026-02-03T04:05:06.000Z',
      outputTail: 'tail',
    });
    expect(
      buildCheckpoint({ filesModified: [], gates: [{ type: 'command', passed: false, detail: '' }], now })
        .testsPassed,
    ).toBe(false);
    expect(
      buildCheckpoint({ filesModified: [], gates: [{ type: 'command', passed: null, detail: '' }], now })
        .testsPassed,
    ).toBe(false);
    expect(buildCheckpoint({ filesModified: [], gates: [], commandPassed: false, now }).testsPassed).toBe(
      false,
    );
  });

  it('keeps only the end of a long output tail', () => {
    const cp = buildCheckpoint({
      filesModified: [],
      gates: [],
      outputTail: `${'x'.repeat(3000)}END`,
      now,
      tailChars: 100,
    });
    expect(cp.outputTail).toHaveLength(100);
    expect(cp.outputTail?.endsWith('END')).toBe(true);
    expect('outputTail' in buildCheckpoint({ filesModified: [], gates: [], outputTail: '', now })).toBe(
      false,
    );
  });
});
