import { EXIT } from '../io.js';
import { defineVerb } from '../verb-spec.js';
import { VERSION } from '../version.js';

export const version = defineVerb({
  name: 'version',
  summary: "print mol's version (also: mol --version)",
  args: [],
  options: [],
  examples: ['mol --version'],
  run({ io }) {
    io.out(VERSION);
    return EXIT.ok;
  },
});
