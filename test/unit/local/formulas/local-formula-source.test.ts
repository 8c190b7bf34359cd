import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packageBuiltins } from '../../../../src/local/formulas/builtins.js';
import { localFormulaSource } from '../../../../src/local/formulas/local-formula-source.js';

const BASE = `formula = "base"
[[steps]]
id = "setup"
`;
const CHILD = `formula = "child"
extends = ["base"]
[[steps]]
id = "work"
needs = ["setup"]
`;
const OVERLAY = `[[step-overrides]]
step_id = "work"
title = "Work hard"
`;

let repo: string;
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'mol-formulas-'));
  execFileSync('git', ['init', '-q', repo]);
  mkdirSync(join(repo, '.github/formulas'), { recursive: true });
  writeFileSync(join(repo, '.github/formulas/base.formula.toml'), BASE);
  writeFileSync(join(repo, '.github/formulas/child.formula.toml'), CHILD);
  writeFileSync(join(repo, 'loud.overlay.toml'), OVERLAY);
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('localFormulaSource', () => {
  it('pins the formula and what the cook used into the object database, readable after the files change', async () => {
    const source = localFormulaSource({ repoDir: repo, cwd: repo });
    const resolved = await source.resolve('child', ['loud.overlay.toml']);
    if (!resolved.ok) throw new Error(resolved.error.message);
    expect(resolved.value.overlays).toHaveLength(1);
    const ref = await resolved.value.pin('child', ['base']);
    if (!ref.ok) throw new Error(ref.error.message);
    expect(ref.value.name).toBe('child');
    expect(ref.value.source).toMatchObject({ path: '.github/formulas/child.formula.toml' });
    expect(ref.value.pins?.base).toMatchObject({ path: '.github/formulas/base.formula.toml' });
    expect(ref.value.overlays?.[0]).toMatchObject({ path: 'loud.overlay.toml' });
    writeFileSync(join(repo, '.github/formulas/child.formula.toml'), 'formula = "changed"\n');
    const source2 = ref.value.source;
    if (typeof source2 !== 'object' || !('blobSha' in source2)) throw new Error('not a blob pin');
    expect(await source.readBlob(source2)).toEqual({ ok: true, value: CHILD });
  });

  it('pins a built-in by its version and reads it through the package built-ins', async () => {
    const source = localFormulaSource({ repoDir: repo, cwd: repo });
    const resolved = await source.resolve('hello');
    if (!resolved.ok) throw new Error(resolved.error.message);
    const ref = await resolved.value.pin('hello', []);
    const hello = packageBuiltins('hello');
    expect(hello?.version).toBe(String(resolved.value.root.data.version));
    expect(ref).toEqual({ ok: true, value: { name: 'hello', source: `builtin@${hello?.version}` } });
    expect(source.builtin('hello')?.text).toBe(hello?.text);
  });

  it('says a pinned blob is gone, and refuses a file that is not an overlay', async () => {
    const source = localFormulaSource({ repoDir: repo, cwd: repo });
    const gone = await source.readBlob({ path: 'x.formula.toml', blobSha: 'a'.repeat(40) });
    expect(gone).toMatchObject({ ok: false, error: { code: 'blob-missing' } });
    const notOverlay = await source.resolve('child', ['.github/formulas/base.formula.toml']);
    expect(notOverlay).toMatchObject({ ok: false, error: { code: 'not-an-overlay' } });
  });

  it('names the formulas it knows when one is unknown', async () => {
    const resolved = await localFormulaSource({ repoDir: repo, cwd: repo }).resolve('chidl');
    expect(resolved).toMatchObject({ ok: false, error: { code: 'unknown-formula' } });
    expect(!resolved.ok && resolved.error.message).toMatch(/known: .*base.*child/);
  });
});
