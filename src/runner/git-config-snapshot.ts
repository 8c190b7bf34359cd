/**
 * Git's configuration as it stands (every scope, every included file), to compare before and after
 * a step. Settings can make git run commands during the status, add, commit and push that record
 * the step — `filter.<x>.clean` with a `.gitattributes`, `core.sshCommand`, `diff.<x>.textconv`,
 * an `include.path` to a file full of them — and a step can write them into `.git/config` or
 * `~/.gitconfig`. The runner's own git switches off hooks and fsmonitor on its command line; for
 * the rest it refuses to go on when the configuration changed during the step.
 *
 * Ignored: the settings the runner overrides on every call anyway, and those that name a person or
 * an upstream and never a command (an agent that sets its identity or a branch's upstream is not
 * refused for it).
 */
import { ok, type Result } from '../engine/index.js';
import { git } from './git.js';

const HARMLESS = /^(core\.hookspath|core\.fsmonitor|user\.(name|email)|branch\..+\.(remote|merge|rebase))$/;

/** One entry per setting in git's reading order: `scope origin key=value`, JSON-quoted. */
export async function gitConfigSnapshot(cwd: string): Promise<Result<string[]>> {
  const listed = await git(cwd, ['config', '--list', '--show-scope', '--show-origin', '-z']);
  if (!listed.ok) return listed;
  const fields = listed.value.stdout.split('\0');
  const entries: string[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const [scope, origin, item] = fields.slice(i, i + 3) as [string, string, string];
    const newline = item.indexOf('\n');
    const key = (newline < 0 ? item : item.slice(0, newline)).toLowerCase();
    if (scope === 'command' || HARMLESS.test(key)) continue;
    entries.push(JSON.stringify([scope, origin, key, newline < 0 ? null : item.slice(newline + 1)]));
  }
  return ok(entries);
}

/** The keys set, changed or removed between two snapshots; empty when none was. */
export function changedSettings(before: readonly string[], after: readonly string[]): string[] {
  const was = new Set(before);
  const is = new Set(after);
  const keys = new Set<string>();
  for (const entry of [...before.filter((e) => !is.has(e)), ...after.filter((e) => !was.has(e))]) {
    keys.add((JSON.parse(entry) as [string, string, string])[2]);
  }
  return [...keys].sort();
}
