/**
 * `@mentions` in a step's text, resolved locally: the `context` map of `.github/molecular.yml` and
 * the files it names, both read from the repository's working tree (on GitHub they come from the
 * default branch). Without the file, or with one that does not parse, no mention has context, and
 * the prompt says so; `mol validate` and the App report what is wrong with the file itself.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { type ResolvedMentions, resolveMentions } from '../engine/index.js';

const CONFIG_PATH = '.github/molecular.yml';

export async function localMentions(repoDir: string, text: string): Promise<ResolvedMentions> {
  const read = (path: string) => readFile(join(repoDir, path), 'utf8').catch(() => undefined);
  return resolveMentions(text, contextMap(await read(CONFIG_PATH)), read);
}

/** `"@Design": docs/design.md`; a bare `Design:` means the same (YAML needs the `@` quoted). */
function contextMap(yaml: string | undefined): Record<string, string> {
  if (yaml === undefined) return {};
  let doc: unknown;
  try {
    doc = parse(yaml);
  } catch {
    return {};
  }
  const context = (doc as { context?: unknown } | null)?.context;
  if (typeof context !== 'object' || context === null) return {};
  const map: Record<string, string> = {};
  for (const [key, path] of Object.entries(context)) {
    if (typeof path === 'string' && /^@?\w+$/.test(key)) map[key.startsWith('@') ? key : `@${key}`] = path;
  }
  return map;
}
