/**
 * The `files` gate: every listed path exists in the step's workspace. A path may use `*` within a
 * segment (`reports/*.md`); it may not leave the workspace.
 */
import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { GateResult } from '../../engine/index.js';
import { pathExists } from '../path-exists.js';
import { insideWorkspace } from './inside-workspace.js';

export async function filesGate(cwd: string, paths: string[]): Promise<GateResult> {
  const missing: string[] = [];
  for (const path of paths) {
    const inside = insideWorkspace(path);
    if (inside === undefined)
      return { type: 'files', passed: false, detail: `${path} is outside the workspace` };
    if ((await matches(cwd, inside.split(sep))) === 0) missing.push(path);
  }
  if (missing.length > 0) return { type: 'files', passed: false, detail: `missing: ${missing.join(', ')}` };
  return { type: 'files', passed: true, detail: `all ${paths.length} present: ${paths.join(', ')}` };
}

/** How many paths under `dir` match the segments, stopping at the first match. */
async function matches(dir: string, segments: string[]): Promise<number> {
  const [head, ...rest] = segments;
  if (head === undefined) return 1;
  if (!head.includes('*')) {
    const next = join(dir, head);
    if (rest.length === 0) return (await pathExists(next)) ? 1 : 0;
    return matches(next, rest);
  }
  const pattern = new RegExp(`^${head.split('*').map(escapeRegExp).join('[^/]*')}$`);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!pattern.test(name)) continue;
    // `*` does not match dotfiles, as in the shell.
    if (name.startsWith('.') && !head.startsWith('.')) continue;
    if ((await matches(join(dir, name), rest)) > 0) return 1;
  }
  return 0;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
