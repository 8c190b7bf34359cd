/**
 * The `files` gate: every listed path exists in the step's workspace. A path may use `*` within a
 * segment (`reports/*.md`); it may not leave the workspace, neither by its name nor through a
 * symbolic link.
 */
import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { GateResult } from '../../engine/index.js';
import { insideWorkspace, resolveInWorkspace } from './inside-workspace.js';

export async function filesGate(cwd: string, paths: string[]): Promise<GateResult> {
  const missing: string[] = [];
  for (const path of paths) {
    const inside = insideWorkspace(path);
    if (inside === undefined)
      return { type: 'files', passed: false, detail: `${path} is outside the workspace` };
    const found = await firstMatch(cwd, inside.split(sep));
    if (found.kind === 'refused') return { type: 'files', passed: false, detail: found.reason };
    if (found.kind === 'missing') missing.push(path);
  }
  if (missing.length > 0) return { type: 'files', passed: false, detail: `missing: ${missing.join(', ')}` };
  return { type: 'files', passed: true, detail: `all ${paths.length} present: ${paths.join(', ')}` };
}

type Match = { kind: 'found' } | { kind: 'missing' } | { kind: 'refused'; reason: string };

/**
 * The first path under the workspace that matches the segments and resolves inside it. A match
 * that leads outside refuses the gate rather than being skipped: the step put it there.
 */
async function firstMatch(cwd: string, segments: string[], prefix = ''): Promise<Match> {
  const [head, ...rest] = segments;
  if (head === undefined) {
    const resolved = await resolveInWorkspace(cwd, prefix);
    return resolved.kind === 'inside' ? { kind: 'found' } : resolved;
  }
  if (!head.includes('*')) return firstMatch(cwd, rest, join(prefix, head));
  const pattern = new RegExp(`^${head.split('*').map(escapeRegExp).join('[^/]*')}$`);
  const names = await readdir(join(cwd, prefix)).catch(() => [] as string[]);
  for (const name of names.sort()) {
    if (!pattern.test(name)) continue;
    // `*` does not match dotfiles, as in the shell.
    if (name.startsWith('.') && !head.startsWith('.')) continue;
    const found = await firstMatch(cwd, rest, join(prefix, name));
    if (found.kind !== 'missing') return found;
  }
  return { kind: 'missing' };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
