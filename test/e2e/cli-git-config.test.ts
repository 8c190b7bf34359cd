/**
 * `mol run` refuses to record a local step's work when git's configuration changed since the
 * step began (git-config-snapshot.ts): git would run what a `filter.<x>.clean` names during the
 * commit. In one run the configuration a completed step's finish read is the next step's
 * "before" (issue 27: one read per step), so these check that a change is still caught in a later
 * step, and that one made between steps (by a gate) counts as the next step's, not as its start.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, useCliRepo } from '../helpers/cli.js';

interface MolJson {
  steps: Array<{
    id: string;
    status: string;
    attempts?: number;
    error?: string;
    checkpoint?: { commit?: string };
  }>;
}

const { repo, run } = useCliRepo();

async function runChain(id: string, steps: string) {
  const file = join(repo.root, `${id}.formula.toml`);
  await writeFile(file, `formula = "config"\nexecution = "local"\n${steps}`);
  const ran = await run(['run', file, '--id', id]);
  const m = json<MolJson>(await run(['status', id, '--json']));
  const step = (sid: string) => m.steps.find((s) => s.id === sid);
  return { ran, step };
}

describe('a local step that changes git configuration', () => {
  it('a later step of the run that configures a filter is refused, not retried, and the filter never runs', async () => {
    const marker = join(repo.root, 'filter-ran');
    const { ran, step } = await runChain(
      'cfg1',
      `[[steps]]
id = "first"
run = 'echo 1 > first.txt'
[[steps]]
id = "second"
needs = ["first"]
run = 'git config filter.evil.clean "touch ${marker}; cat" && echo "* filter=evil" > .gitattributes && echo 2 > second.txt'
`,
    );
    expect(ran.code).not.toBe(0);
    expect(step('first')?.status).toBe('completed');
    expect(step('second')?.status).toBe('failed');
    expect(step('second')?.error).toContain("changed git's configuration (filter.evil.clean)");
    // Its default retries do not apply: a second attempt would start from the planted filter.
    expect(step('second')?.attempts).toBe(1);
    // Setting its work aside (git add, read-tree, reset) ran with the filter emptied.
    expect(existsSync(marker)).toBe(false);
    expect(await repo.git(['status', '--porcelain'])).toBe('');
    expect(await repo.git(['show', '--name-only', '--format=', 'main'])).toBe('first.txt');
    expect(await repo.git(['rev-parse', 'main'])).toBe(step('first')?.checkpoint?.commit);
  }, 120_000);

  it("a gate that configures git after its step's check: the next step is refused, not started from it", async () => {
    const { ran, step } = await runChain(
      'cfg2',
      `[[steps]]
id = "first"
run = 'echo 1 > first.txt'
gate = { type = "command", run = 'git config core.sshCommand "touch pwned; ssh"' }
[[steps]]
id = "second"
needs = ["first"]
max_retries = 0
run = 'echo 2 > second.txt'
`,
    );
    expect(ran.code).not.toBe(0);
    expect(step('first')?.status).toBe('completed');
    expect(step('second')?.status).toBe('failed');
    expect(step('second')?.error).toContain("changed git's configuration (core.sshcommand)");
    expect(await repo.git(['rev-parse', 'main'])).toBe(step('first')?.checkpoint?.commit);
  }, 120_000);

  it('a later step that writes a filter into a file an include names, or into a ~/.gitconfig it creates, is refused, local or distributed', async () => {
    // Between steps the runner compares these files' bytes instead of asking git (issue 27), and a
    // distributed step's worktree is told from the main checkout's; a change made through them
    // must still be caught.
    const included = join(repo.root, 'shared.gitconfig');
    await writeFile(included, '[x]\n\ty = 1\n');
    await repo.git(['config', 'include.path', included]);
    const home = join(repo.root, 'home');
    await mkdir(home);
    const marker = join(repo.root, 'filter-ran');
    const cases = {
      included: `printf '[filter "evil"]\\n\\tclean = touch ${marker}; cat\\n' >> "${included}"`,
      global: `printf '[filter "evil"]\\n\\tclean = touch ${marker}; cat\\n' > "$HOME/.gitconfig"`,
    };
    for (const execution of ['local', 'distributed']) {
      for (const [how, setUp] of Object.entries(cases)) {
        const name = `${how}-${execution}`;
        const file = join(repo.root, `${name}.formula.toml`);
        await writeFile(
          file,
          `formula = "config"\nexecution = "${execution}"
[[steps]]
id = "first"
run = 'echo 1 > first-${name}.txt'
[[steps]]
id = "second"
needs = ["first"]
max_retries = 0
run = '''${setUp} && echo "* filter=evil" > .gitattributes && echo 2 > second.txt'''
`,
        );
        const ran = await run(['run', file, '--id', name], { HOME: home });
        const m = json<MolJson>(await run(['status', name, '--json'], { HOME: home }));
        const step = (sid: string) => m.steps.find((s) => s.id === sid);
        expect(ran.code, name).not.toBe(0);
        expect(step('first')?.status, name).toBe('completed');
        expect(step('second')?.error, name).toContain("changed git's configuration (filter.evil.clean)");
        if (execution === 'local')
          expect(await repo.git(['rev-parse', 'main']), name).toBe(step('first')?.checkpoint?.commit);
        // A failed distributed step keeps its branch: nothing was committed on it.
        else
          expect(await repo.git(['rev-parse', `molecular/${name}/second`]), name).toBe(
            step('first')?.checkpoint?.commit,
          );
        // The next case starts from a configuration without the filter.
        await writeFile(included, '[x]\n\ty = 1\n');
        await rm(join(home, '.gitconfig'), { force: true });
        await rm(join(repo.dir, '.gitattributes'), { force: true });
      }
    }
  }, 180_000);
});
