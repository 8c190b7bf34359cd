import { unknownCommand, verbHelp, verbList } from '../help.js';
import { EXIT } from '../io.js';
import { defineVerb } from '../verb-spec.js';

export const help = defineVerb({
  name: 'help',
  summary: "list the commands, or show one command's options and examples",
  args: [{ name: 'command', complete: 'verb' }],
  options: [],
  examples: ['mol help run'],
  run({ io, positionals, verbs }) {
    const shown = verbs.filter((v) => !v.hidden);
    const [name] = positionals;
    if (name === undefined) {
      io.out(verbList(shown));
      return EXIT.ok;
    }
    const verb = shown.find((v) => v.name === name);
    if (verb !== undefined) {
      io.out(verbHelp(verb));
      return EXIT.ok;
    }
    return unknownCommand(io, name, verbs);
  },
});
