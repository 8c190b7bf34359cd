import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCli, buildCli, json, mol } from '../helpers/cli.js';

const CORPUS = resolve('test/fixtures/corpus/gastown/internal/formula/formulas');
const OVERLAY = resolve(
  'test/fixtures/corpus/gastown/docs/contrib-harnesses/polecat-pr-flow/mol-polecat-work.toml',
);

interface ProtoJson {
  formula: string;
  type: string;
  execution: string;
  vars: Record<string, { required: boolean; default?: string }>;
  steps: { id: string; title: string; needs: string[]; description: string }[];
}

let cli: BuiltCli;
let dir: string;

beforeAll(async () => {
  cli = await buildCli();
  dir = await mkdtemp(join(tmpdir(), 'mol-cook-'));
});
afterAll(async () => {
  await cli.cleanup();
  await rm(dir, { recursive: true, force: true });
});

const run = (...args: string[]) => mol(cli, args, { cwd: dir });

function expectNoStack(stderr: string) {
  expect(stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

describe('mol cook', () => {
  it('prints the proto of a built-in formula as JSON', async () => {
    const result = await run('cook', 'hello', '--json');
    expect(result.code).toBe(0);
    const proto = json<ProtoJson>(result);
    expect(proto).toMatchObject({ formula: 'hello', type: 'workflow', execution: 'local' });
    expect(proto.vars.name?.default).toBe('world');
    for (const step of proto.steps) {
      expect(step).toEqual(expect.objectContaining({ id: expect.any(String), title: expect.any(String) }));
      expect(Array.isArray(step.needs)).toBe(true);
    }
    // Stable topological order: every step after all it needs.
    const seen = new Set<string>();
    for (const step of proto.steps) {
      for (const need of step.needs) expect(seen.has(need)).toBe(true);
      seen.add(step.id);
    }
  });

  it('binds --var into titles and descriptions', async () => {
    const proto = json<ProtoJson>(await run('cook', 'shiny', '--var', 'feature=dark mode', '--json'));
    expect(proto.steps.find((s) => s.id === 'design')?.title).toBe('Design dark mode');
  });

  it('expands compose rules of a corpus formula given by path', async () => {
    const proto = json<ProtoJson>(await run('cook', join(CORPUS, 'shiny-enterprise.formula.toml'), '--json'));
    const ids = proto.steps.map((s) => s.id);
    expect(ids).not.toContain('implement');
    expect(ids).toEqual(expect.arrayContaining(['implement.draft', 'implement.refine-4']));
    expect(proto.steps.find((s) => s.id === 'review')?.needs).toEqual(['implement.refine-4']);
  });

  it('refuses a syntax error with file:line:col, nothing on stdout and no stack trace', async () => {
    await writeFile(join(dir, 'broken.formula.toml'), 'formula = "x"\n\n[[steps]]\nid = "a\ntitle = "A"\n');
    const result = await run('cook', 'broken.formula.toml');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^broken\.formula\.toml:4:\d+: error: /m);
    expectNoStack(result.stderr);
  });

  it('warns about unknown keys on stderr and still cooks', async () => {
    await writeFile(join(dir, 'typo.formula.toml'), 'formula = "typo"\n\n[[steps]]\nid = "a"\ntitel = "A"\n');
    const result = await run('cook', 'typo.formula.toml', '--json');
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^typo\.formula\.toml:5:1: warning: .*"titel"/m);
    expect(json<ProtoJson>(result).steps.map((s) => s.id)).toEqual(['a']);
  });

  it('refuses a required variable that has a default, naming it', async () => {
    const result = await run('cook', join(CORPUS, 'mol-digest-generate.formula.toml'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/mol-digest-generate\.formula\.toml:\d+:\d+: error: .*"period"/);
  });

  it('refuses an overlay alone and applies it with --overlay', async () => {
    const alone = await run('cook', OVERLAY);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(/overlay/);
    const base = json<ProtoJson>(await run('cook', join(CORPUS, 'mol-polecat-work.formula.toml'), '--json'));
    const applied = json<ProtoJson>(
      await run('cook', join(CORPUS, 'mol-polecat-work.formula.toml'), '--overlay', OVERLAY, '--json'),
    );
    const submit = (p: ProtoJson) => p.steps.find((s) => s.id === 'submit-and-exit')?.description ?? '';
    expect(submit(base)).not.toContain('PR-flow addendum');
    expect(submit(applied)).toContain('PR-flow addendum');
  });

  it('names an unknown formula', async () => {
    const result = await run('cook', 'no-such-formula');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no formula named "no-such-formula"/);
    expectNoStack(result.stderr);
  });
});

describe('mol validate', () => {
  it('passes the built-in formulas', async () => {
    const result = await run('validate', resolve('formulas'));
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/6 formulas checked: 0 errors/);
  });

  it('reports every problem of a folder, one line each, and exits 1', async () => {
    const folder = join(dir, 'mixed');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'good.formula.toml'), 'formula = "good"\n[[steps]]\nid = "a"\n');
    await writeFile(
      join(folder, 'cycle.formula.toml'),
      'formula = "cycle"\n[[steps]]\nid = "a"\nneeds = ["b"]\n[[steps]]\nid = "b"\nneeds = ["a"]\n',
    );
    await writeFile(
      join(folder, 'unknown.formula.toml'),
      'formula = "u"\n[[steps]]\nid = "a"\nneeds = ["zzz"]\n',
    );
    const result = await mol(cli, ['validate', 'mixed'], { cwd: dir });
    expect(result.code).toBe(1);
    const errors = result.stderr.split('\n').filter((l) => / error: /.test(l));
    expect(errors).toHaveLength(2);
    expect(errors.find((l) => l.startsWith('mixed/cycle.formula.toml:'))).toMatch(/a -> b -> a|b -> a -> b/);
    expect(errors.find((l) => l.startsWith('mixed/unknown.formula.toml:4:'))).toMatch(/zzz/);
    expect(result.stderr).toMatch(/3 formulas checked: 2 errors/);
  });
});

describe('mol graph', () => {
  it('prints a mermaid flowchart with an edge per need', async () => {
    const result = await run('graph', 'mol-inspector-verify');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^flowchart (TD|LR)/);
    const proto = json<ProtoJson>(await run('cook', 'mol-inspector-verify', '--json'));
    const edges = proto.steps.reduce((n, s) => n + s.needs.length, 0);
    expect(lines.filter((l) => l.includes('-->')).length).toBe(edges);
  });
});
