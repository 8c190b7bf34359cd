import { isAbsolute, normalize, sep } from 'node:path';

/** A gate's path, normalized, or undefined when it would leave the workspace (absolute, or up through `..`). */
export function insideWorkspace(path: string): string | undefined {
  if (isAbsolute(path)) return undefined;
  const clean = normalize(path);
  if (clean === '..' || clean.startsWith(`..${sep}`)) return undefined;
  return clean;
}
