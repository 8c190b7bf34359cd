/** Options several verbs share, described once (their help, parsing and completion come from here). */
import type { OptionSpec } from './verb-spec.js';

export const VAR: OptionSpec = {
  name: 'var',
  short: 'v',
  value: 'k=v',
  multiple: true,
  meaning: 'bind a formula variable (repeatable)',
};
export const OVERLAY: OptionSpec = {
  name: 'overlay',
  value: 'file',
  multiple: true,
  meaning: 'apply an overlay formula on top (repeatable)',
  complete: 'file',
};
export const FORMULAS: OptionSpec = {
  name: 'formulas',
  value: 'DIR',
  multiple: true,
  meaning: 'also find formulas named by extends, expansions and aspects in DIR (repeatable)',
  complete: 'dir',
};
export const ID: OptionSpec = {
  name: 'id',
  value: 'ID',
  meaning: "the new molecule's id (default: the formula's name and 6 hex digits)",
};
export const STORE: OptionSpec = {
  name: 'store',
  value: 'DIR',
  meaning: 'the molecule store (default: .molecular at the top of the repository)',
  complete: 'dir',
};
export const JOBS: OptionSpec = {
  name: 'jobs',
  short: 'j',
  value: 'N',
  meaning:
    'run up to N steps at once (distributed molecules only: local ones run one step at a time; default 1)',
};
export const VERBOSE: OptionSpec = { name: 'verbose', meaning: "stream each step's output to stderr" };
export const NO_RUN: OptionSpec = {
  name: 'no-run',
  meaning: 'only record; leave the steps that became ready',
};
const FIELDS = '; --json=a,b keeps only those fields';
export const json = (what: string): OptionSpec => ({
  name: 'json',
  inlineValue: 'FIELDS',
  meaning: `print ${what} as JSON${FIELDS}`,
});
export const RUN_JSON: OptionSpec = {
  name: 'json',
  inlineValue: 'FIELDS',
  meaning: `print the molecule as JSON at the end (progress lines go to stderr, as always)${FIELDS}`,
};
/** The formula options of cook, graph, pour, wisp and run. */
export const FORMULA_OPTIONS: readonly OptionSpec[] = [VAR, OVERLAY, FORMULAS];
