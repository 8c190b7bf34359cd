/**
 * The package root, for rows that load the App bench harness at run time. A row file is bundled
 * into node_modules/.cache, and node_modules may be a symlink into another checkout, so the
 * bundle's `import.meta` does not name this one; the bench runs from the root instead
 * (`npm run bench`, and the row runner is started there).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function benchRoot(): string {
  const root = process.cwd();
  const manifest = join(root, 'package.json');
  const name = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name
    : '';
  if (name !== '@molecular-dev/molecular' || !existsSync(join(root, 'scripts/bench-app.mjs')))
    throw new Error(`run the bench from the package root, not ${root}`);
  return root;
}
