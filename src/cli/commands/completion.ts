import { completionScript, SHELLS, type Shell } from '../completion/scripts.js';
import { EXIT } from '../io.js';
import { defineVerb } from '../verb-spec.js';

export const completion = defineVerb({
  name: 'completion',
  summary: 'print the shell completion script for bash, zsh or fish',
  args: [{ name: 'shell', required: true, missing: 'which shell? bash, zsh or fish', complete: 'shell' }],
  options: [],
  examples: ['source <(mol completion bash)'],
  run({ io, positionals, usageError }) {
    const [shell = ''] = positionals;
    if (!(SHELLS as readonly string[]).includes(shell))
      return usageError(`no completion for "${shell}"; give bash, zsh or fish`);
    io.out(completionScript(shell as Shell).trimEnd());
    return EXIT.ok;
  },
});
