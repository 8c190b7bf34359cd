import { realpath } from 'node:fs/promises';
import { isAbsolute, join, normalize, sep } from 'node:path';

/** A gate's path, normalized, or undefined when it would leave the workspace (absolute, or up through `..`). */
export function insideWorkspace(path: string): string | undefined {
  if (isAbsolute(path)) return undefined;
  const clean = normalize(path);
  if (clean === '..' || clean.startsWith(`..${sep}`)) return undefined;
  return clean;
}

/** Where a gate's path really leads: a file inside the workspace, nothing, or somewhere it may not look. */
export type WorkspacePath =
  | { kind: 'inside'; real: string }
  | { kind: 'missing' }
  | { kind: 'refused'; reason: string };

/**
 * Resolves a gate's path in the workspace `cwd` the way reading it would: through every symbolic
 * link. The files a gate looks at were written by the step, and a step can commit
 * `data.json -> /etc/passwd`; a gate that followed it would copy a file from outside the
 * workspace into the checkpoint and the state. So the real path must be inside the workspace's
 * own real path, and the gate reads that real path.
 */
export async function resolveInWorkspace(cwd: string, path: string): Promise<WorkspacePath> {
  const clean = insideWorkspace(path);
  if (clean === undefined) return { kind: 'refused', reason: `${path} is outside the workspace` };
  const root = await realpath(cwd);
  let real: string;
  try {
    real = await realpath(join(root, clean));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    if (code === 'ELOOP') return { kind: 'refused', reason: `${path} is a loop of symbolic links` };
    return { kind: 'refused', reason: `${path} cannot be resolved: ${(error as Error).message}` };
  }
  if (real !== root && !real.startsWith(`${root}${sep}`)) {
    return { kind: 'refused', reason: `${path} leads outside the workspace through a symbolic link` };
  }
  return { kind: 'inside', real };
}
