// Writes the library's declaration files to dist/types (git-ignored; `npm pack` runs this through
// `prepack`). The folder is emptied first: a source file that moved must not leave its old
// declaration behind in the tarball.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const out = 'dist/types';
rmSync(out, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
