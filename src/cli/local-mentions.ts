/**
 * `@mentions` in a step's text, resolved locally: the context map of `.github/molecular.yml` and
 * the files it names, both read from the repository's working tree (on GitHub they come from the
 * default branch). Without the file, or with one that does not parse, no mention has context, and
 * the prompt says so.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ResolvedMentions, resolveMentions } from '../engine/index.js';
import { CONFIG_PATH, parseConfig } from '../github/config.js';

export async function localMentions(repoDir: string, text: string): Promise<ResolvedMentions> {
  const read = (path: string) => readFile(join(repoDir, path), 'utf8').catch(() => undefined);
  const yaml = await read(CONFIG_PATH);
  const config = yaml === undefined ? undefined : parseConfig(yaml);
  const map = config?.ok ? config.value.context : {};
  return resolveMentions(text, map, read);
}
