/**
 * Gates and the symbolic links a step commits, through the real `mol` and real git: a step that
 * commits `data.json -> <a file outside the repository>` fails its schema gate with the reason, and
 * nothing of that file reaches the state; a link that stays inside the repository is followed.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, mol, useCliRepo } from '../helpers/cli.js';
import { localStateText } from '../helpers/local-molecule.js';

const { cli, repo } = useCliRepo(async (repo) => {
  await repo.write('schema.json', JSON.stringify({ type: 'object' }));
  await repo.commitAll('a schema for the gates');
});

interface MolJson {
  status: string;
  steps: Array<{
    id: string;
    status: string;
    gates?: Array<{ type: string; passed: boolean | null; detail: string }>;
  }>;
}

/** A local step that makes `<name>` with the shell `make`, gated by the schema and the files gate. */
async function formula(name: string, make: string): Promise<string> {
  const path = join(repo.flows, `${name}.formula.toml`);
  await writeFile(
    path,
    `formula = "${name}"
execution = "local"
[vars.target]
default = ""
[[steps]]
id = "emit"
run = '${make}'
gates = [
  { type = "schema", file = "${name}.json", schema = "schema.json" },
  { type = "files", paths = ["${name}.json"] },
]
`,
  );
  return path;
}

describe('a gate over a symbolic link', { timeout: 300_000 }, () => {
  it('outside the repository: the step fails naming the link, and the file never reaches the state; inside: followed', async () => {
    // Not JSON, so a gate that read it would quote its start in the error it records.
    const secret = join(repo.root, 'secret.txt');
    await writeFile(secret, 'SECRET-VALUE: root:x:0:0\n');

    const out = await formula('leak', 'ln -s "$MOL_VAR_TARGET" leak.json');
    const ran = await mol(cli, ['run', out, '--var', `target=${secret}`, '--id', 'leak1', '--json'], {
      cwd: repo.dir,
    });
    expect(ran.code, ran.stderr).toBe(1);
    const failed = json<MolJson>(ran);
    expect(failed.steps[0]?.status).toBe('failed');
    expect(failed.steps[0]?.gates).toEqual([
      {
        type: 'schema',
        passed: false,
        detail: 'leak.json leads outside the workspace through a symbolic link',
      },
      {
        type: 'files',
        passed: false,
        detail: 'leak.json leads outside the workspace through a symbolic link',
      },
    ]);
    // The link is what the step committed, kept with its failed attempt; the gate did not look through it.
    expect(await repo.git(['cat-file', '-p', 'refs/molecular/attempts/leak1/emit/1:leak.json'])).toBe(secret);
    const state = await localStateText(repo.dir, 'leak1');
    expect(state).not.toContain('SECRET');
    expect(ran.stdout + ran.stderr).not.toContain('SECRET');

    const inside = await formula(
      'kept',
      'mkdir -p fixtures && echo "{\\"a\\": 1}" > fixtures/data.json && ln -s fixtures/data.json kept.json',
    );
    const ok = await mol(cli, ['run', inside, '--id', 'kept1', '--json'], { cwd: repo.dir });
    expect(ok.code, ok.stderr).toBe(0);
    expect(json<MolJson>(ok).steps[0]?.gates?.map((g) => [g.type, g.passed])).toEqual([
      ['schema', true],
      ['files', true],
    ]);
  });
});
