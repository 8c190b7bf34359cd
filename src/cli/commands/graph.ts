import { renderMermaid } from '../../engine/index.js';
import { EXIT } from '../io.js';
import { FORMULA_OPTIONS } from '../options.js';
import { defineVerb } from '../verb-spec.js';
import { cookFromArgs, FORMULA_ARG } from './cook.js';

export const graph = defineVerb({
  name: 'graph',
  summary: "print a formula's mermaid graph",
  args: [FORMULA_ARG],
  options: FORMULA_OPTIONS,
  examples: ['mol graph hello > hello.mmd'],
  async run(call) {
    const cooked = await cookFromArgs(call);
    if (typeof cooked === 'number') return cooked;
    call.io.out(renderMermaid(cooked.proto));
    return EXIT.ok;
  },
});
