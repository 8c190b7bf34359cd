/**
 * `lint` mode of the bundled Action, as a process: every problem of every formula under
 * formulas-path is a workflow-command annotation at its file, line and column, and errors fail
 * the job.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useActionBundle } from '../helpers/action-repo.js';
import { parseOutputs } from '../helpers/simulated-runner.js';

const BROKEN = `formula = "broken"
description = "needs a step that does not exist"

[[steps]]
id = "build"
title = "Build"
needs = ["compile"]

[[steps]]
id = "test"
title = "Test"
needs = ["build"]
colour = "blue"
`;

const GOOD = `formula = "good"
description = "fine"

[[steps]]
id = "one"
title = "One"
run = "true"
`;

const bundle = useActionBundle();

async function workspaceWith(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(bundle.dir, 'workspaces', name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

async function lint(workspace: string, inputs: Record<string, string> = {}) {
  const output = join(workspace, '..', `${workspace.split('/').pop()}-output.txt`);
  await writeFile(output, '');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GITHUB_REPOSITORY: 'acme/widgets',
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: output,
    INPUT_MODE: 'lint',
    'INPUT_FORMULAS-PATH': '.github/formulas',
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((done) => {
    execFile(process.execPath, [bundle.path], { cwd: workspace, env }, (error, out) => {
      done({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout: out });
    });
  });
  return { code, stdout, outputs: parseOutputs(await readFile(output, 'utf8')) };
}

describe('the Action in lint mode', () => {
  it('annotates each problem at file:line:col and fails on errors', async () => {
    const workspace = await workspaceWith('broken', {
      '.github/formulas/broken.formula.toml': BROKEN,
      '.github/formulas/good.formula.toml': GOOD,
    });
    const { code, stdout, outputs } = await lint(workspace);
    expect(code).toBe(1);
    const annotations = stdout.split('\n').filter((line) => /^::(error|warning) file=/.test(line));
    expect(annotations).toEqual([
      '::warning file=.github/formulas/broken.formula.toml,line=13,col=1::unknown key "colour" in steps[1] (ignored)',
      '::error file=.github/formulas/broken.formula.toml,line=7,col=10::step "build" needs "compile", but no step has that id',
    ]);
    expect(stdout).toContain('::error::2 formulas checked in .github/formulas: 1 error, 1 warning');
    expect(outputs.status).toBe('failed');
  });

  it('passes a folder of good formulas, and fails a formulas-path that is not there', async () => {
    const workspace = await workspaceWith('good', { '.github/formulas/good.formula.toml': GOOD });
    const good = await lint(workspace);
    expect(good.code).toBe(0);
    expect(good.stdout).not.toMatch(/^::(error|warning)/m);
    expect(good.outputs.status).toBe('passed');

    const missing = await lint(workspace, { 'formulas-path': 'formulas' });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('::error::formulas-path "formulas" is not a folder of the checkout');
  });
});
