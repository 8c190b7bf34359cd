/**
 * What a working tree looks like, in one string that changes when a file in it changes: HEAD,
 * `git status`, and the size and modification time of every changed or untracked path (a second
 * edit of an already modified file leaves the status as it was). Ignored files do not count.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { git, splitNul } from './git.js';

export async function workspaceFingerprint(cwd: string): Promise<string> {
  const head = await git(cwd, ['rev-parse', '-q', '--verify', 'HEAD'], { okCodes: [0, 1] });
  const status = await git(cwd, ['status', '--porcelain=v1', '-z', '--no-renames', '--untracked-files=all']);
  if (!status.ok) return `unknown ${Date.now()}`;
  const entries = splitNul(status.value.stdout);
  const marks = await Promise.all(
    entries.map(async (entry) => {
      const info = await stat(join(cwd, entry.slice(3))).catch(() => undefined);
      return info === undefined ? `${entry}:gone` : `${entry}:${info.size}:${info.mtimeMs}`;
    }),
  );
  return [head.ok ? head.value.stdout.trim() : '', ...marks].join('\n');
}
