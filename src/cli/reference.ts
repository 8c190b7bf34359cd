/**
 * docs/cli.md, the full reference of `mol`, made from the same descriptors as help and completion.
 * `npm run docs:cli` writes it; test/unit/cli/reference.test.ts fails when the file is stale.
 */
import { exitCodeLines, flagColumn, HELP_OPTION, sentence } from './help.js';
import { usageLine, type VerbSpec } from './verb-spec.js';

export function cliReference(verbs: readonly VerbSpec[]): string {
  const shown = verbs.filter((v) => !v.hidden);
  const out = [
    '# `mol` command reference',
    '',
    "<!-- Generated from the verbs' descriptors (src/cli/commands/*.ts) by `npm run docs:cli`; do not edit. -->",
    '',
    'Run `mol` inside a git repository; state lives in `.molecular/` at the top of its main working',
    'tree (`--store DIR` overrides it). `mol help <command>` prints the same entry as below.',
    '',
    '| command | what it does |',
    '|---|---|',
    ...shown.map((v) => `| [\`${v.name}\`](#mol-${v.name}) | ${escapeCell(v.summary)} |`),
    '',
    '## Exit codes',
    '',
    '| code | meaning |',
    '|---|---|',
    ...exitCodeLines().map((line) => {
      const [, code, meaning] = /^ {2}(\d) {2}(.*)$/.exec(line) ?? [];
      return `| \`${code}\` | ${escapeCell(meaning ?? '')} |`;
    }),
    '',
    'A usage error prints `mol: <what is wrong>` and the usage line, on stderr. Any other error is one',
    'line (`file:line:col: error: …` for formulas, `mol: …` otherwise), never a stack trace, and',
    'changes nothing.',
    '',
    '## Shell completion',
    '',
    '`mol completion bash|zsh|fish` prints a script that completes commands, options, molecule ids',
    'and step ids (read from the local store) and formula names:',
    '',
    '```sh',
    'source <(mol completion bash)                     # bash, this shell',
    'source <(mol completion zsh)                      # zsh, after compinit',
    'mol completion fish > ~/.config/fish/completions/mol.fish',
    '```',
    '',
  ];
  for (const verb of shown) out.push(...entry(verb));
  return `${out.join('\n').trimEnd()}\n`;
}

function entry(verb: VerbSpec): string[] {
  const options = [...verb.options, HELP_OPTION];
  return [
    `## mol ${verb.name}`,
    '',
    '```',
    usageLine(verb),
    '```',
    '',
    sentence(verb.summary),
    '',
    '| option | meaning |',
    '|---|---|',
    ...options.map((o) => `| \`${flagColumn(o).trim()}\` | ${escapeCell(o.meaning)} |`),
    '',
    verb.examples.length === 1 ? 'Example:' : 'Examples:',
    '',
    '```sh',
    ...verb.examples,
    '```',
    '',
  ];
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|');
}
