/**
 * What a shell offers at the word being typed: verbs, a verb's options, and for its arguments and
 * option values what the descriptor says they are (molecule ids, step ids, formula names, files).
 * The shell scripts of `mol completion` only pass the words to `mol __complete` and show this.
 */
import type { ArgSpec, Completion, OptionSpec, VerbSpec } from '../verb-spec.js';

/** Where ids and names come from: the local store and formula folders (tests pass their own). */
export interface Lookups {
  molecules(store: string | undefined): Promise<string[]>;
  steps(molId: string, store: string | undefined): Promise<string[]>;
  formulas(): string[];
}

export interface Candidates {
  words: string[];
  /** Also let the shell offer file (or folder) names. */
  files?: 'file' | 'dir';
}

/** `words`: what follows `mol` on the line, the last one being the word under the cursor (maybe ''). */
export async function candidates(
  words: readonly string[],
  verbs: readonly VerbSpec[],
  lookups: Lookups,
): Promise<Candidates> {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const shown = verbs.filter((v) => !v.hidden);
  const [name, ...rest] = before;
  if (name === undefined) {
    const all = current.startsWith('-') ? ['--help', '--version'] : shown.map((v) => v.name);
    return { words: matching(all, current) };
  }
  const verb = shown.find((v) => v.name === name);
  if (verb === undefined) return { words: [] };
  const { pending, positionals, store, terminated } = walk(verb, rest);
  if (pending !== undefined) return offer(pending.complete, current, positionals, store, shown, lookups);
  if (!terminated && current.startsWith('-')) {
    const flags = [...verb.options.map((o) => `--${o.name}`), '--help'];
    return { words: matching(flags, current) };
  }
  return offer(argAt(verb.args, positionals.length)?.complete, current, positionals, store, shown, lookups);
}

/** The words before the cursor: the arguments given so far, and an option still waiting for its value. */
function walk(verb: VerbSpec, words: readonly string[]) {
  let pending: OptionSpec | undefined;
  let store: string | undefined;
  let terminated = false;
  const positionals: string[] = [];
  for (const word of words) {
    if (pending !== undefined) {
      if (pending.name === 'store') store = word;
      pending = undefined;
    } else if (!terminated && word === '--') terminated = true;
    else if (!terminated && word.startsWith('-') && word !== '-') {
      if (word.includes('=')) {
        if (word.startsWith('--store=')) store = word.slice('--store='.length);
        continue;
      }
      const option = word.startsWith('--')
        ? verb.options.find((o) => o.name === word.slice(2))
        : verb.options.find((o) => o.short === word.slice(1));
      if (option?.value !== undefined) pending = option;
    } else positionals.push(word);
  }
  return { pending, positionals, store, terminated };
}

function argAt(args: readonly ArgSpec[], index: number): ArgSpec | undefined {
  const last = args.at(-1);
  return args[index] ?? (last?.variadic ? last : undefined);
}

async function offer(
  kind: Completion | undefined,
  current: string,
  positionals: string[],
  store: string | undefined,
  verbs: readonly VerbSpec[],
  lookups: Lookups,
): Promise<Candidates> {
  switch (kind) {
    case 'molecule':
      return { words: matching(await lookups.molecules(store), current) };
    case 'step': {
      const [molId] = positionals;
      return { words: molId === undefined ? [] : matching(await lookups.steps(molId, store), current) };
    }
    case 'formula':
      return { words: matching(lookups.formulas(), current), files: 'file' };
    case 'verb':
      return {
        words: matching(
          verbs.map((v) => v.name),
          current,
        ),
      };
    case 'shell':
      return { words: matching(['bash', 'zsh', 'fish'], current) };
    case 'file':
    case 'dir':
      return { words: [], files: kind };
    default:
      return { words: [] };
  }
}

function matching(words: readonly string[], prefix: string): string[] {
  return [...new Set(words.filter((w) => w.startsWith(prefix)))];
}
