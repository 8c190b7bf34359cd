/**
 * What `mol help`, `mol help <verb>` and `mol <verb> --help` print: one entry per verb with its
 * usage line (the same one its usage errors print), its options and an example.
 */
import { usage as budgetUsage } from './commands/budget.js';
import { usage as burnUsage } from './commands/burn.js';
import { usage as cookUsage } from './commands/cook.js';
import { usage as demoUsage } from './commands/demo.js';
import { usage as diffUsage } from './commands/diff.js';
import { usage as gcUsage } from './commands/gc.js';
import { usage as graphUsage } from './commands/graph.js';
import { usage as listUsage } from './commands/list.js';
import { usage as patrolUsage } from './commands/patrol.js';
import { usage as pourUsage, wispUsage } from './commands/pour.js';
import { usage as promptUsage } from './commands/prompt.js';
import { usage as resumeUsage } from './commands/resume.js';
import { usage as rollbackUsage } from './commands/rollback.js';
import { usage as runUsage } from './commands/run.js';
import { usage as squashUsage } from './commands/squash.js';
import { usage as statusUsage } from './commands/status.js';
import { USAGE as stepUsage } from './commands/step-verbs.js';
import { usage as validateUsage } from './commands/validate.js';

export interface OptionHelp {
  /** The long name, without dashes. */
  name: string;
  short?: string;
  /** What follows the option, when it takes a value. */
  value?: string;
  meaning: string;
}

export interface VerbHelp {
  summary: string;
  usage: string;
  options: OptionHelp[];
  example: string;
}

const VAR: OptionHelp = {
  name: 'var',
  short: 'v',
  value: 'k=v',
  meaning: 'bind a formula variable (repeatable)',
};
const OVERLAY: OptionHelp = {
  name: 'overlay',
  value: 'file',
  meaning: 'apply an overlay formula on top (repeatable)',
};
const FORMULAS: OptionHelp = {
  name: 'formulas',
  value: 'DIR',
  meaning: 'also find formulas named by extends, expansions and aspects in DIR (repeatable)',
};
const ID: OptionHelp = {
  name: 'id',
  value: 'ID',
  meaning: "the new molecule's id (default: the formula's name and 6 hex digits)",
};
const STORE: OptionHelp = {
  name: 'store',
  value: 'DIR',
  meaning: 'the molecule store (default: .molecular at the top of the repository)',
};
const JOBS: OptionHelp = {
  name: 'jobs',
  short: 'j',
  value: 'N',
  meaning:
    'run up to N steps at once (distributed molecules only: local ones run one step at a time; default 1)',
};
const VERBOSE: OptionHelp = { name: 'verbose', meaning: "stream each step's output to stderr" };
const NO_RUN: OptionHelp = { name: 'no-run', meaning: 'only record; leave the steps that became ready' };
const json = (what: string): OptionHelp => ({ name: 'json', meaning: `print ${what} as JSON` });
const RUN_JSON: OptionHelp = {
  name: 'json',
  meaning: 'print the molecule as JSON at the end; progress lines go to stderr',
};

function stepVerb(verb: keyof typeof stepUsage, summary: string, example: string): VerbHelp {
  return { summary, usage: stepUsage[verb], options: [NO_RUN, RUN_JSON, STORE], example };
}

/** Every verb, in the order `mol help` lists them. */
export const VERB_HELP = {
  cook: {
    summary: 'cook a formula into a proto (--json for data)',
    usage: cookUsage,
    options: [VAR, OVERLAY, FORMULAS, json('the proto')],
    example: 'mol cook hello --var name=ada',
  },
  validate: {
    summary: 'check formula files and folders',
    usage: validateUsage,
    options: [json('one report per file (the summary line stays on stderr)')],
    example: 'mol validate formulas/',
  },
  graph: {
    summary: "print a formula's mermaid graph",
    usage: graphUsage,
    options: [VAR, OVERLAY, FORMULAS],
    example: 'mol graph hello > hello.mmd',
  },
  pour: {
    summary: 'pour a formula into a molecule; prints its id (--json: the molecule)',
    usage: pourUsage,
    options: [VAR, OVERLAY, FORMULAS, ID, json('the molecule instead of its id'), STORE],
    example: 'mol pour hello --var name=ada',
  },
  wisp: {
    summary: 'pour an ephemeral wisp that evaporates after --ttl (default 1h)',
    usage: wispUsage,
    options: [
      {
        name: 'ttl',
        value: 'duration',
        meaning: 'how long until it evaporates, like 30m or 2h (default 1h)',
      },
      VAR,
      OVERLAY,
      FORMULAS,
      ID,
      json('the molecule instead of its id'),
      STORE,
    ],
    example: 'mol wisp hello --ttl 30m',
  },
  run: {
    summary: 'pour and run a formula, or run a molecule on (exit 0 done, 1 failed, 3 waiting)',
    usage: runUsage,
    options: [
      VAR,
      OVERLAY,
      FORMULAS,
      JOBS,
      ID,
      {
        name: 'agent',
        value: 'CMD',
        meaning:
          'for this run, the agent of every task step without run (a preset such as claude, or a command line)',
      },
      {
        name: 'budget',
        value: 'usd=5,tokens=…',
        meaning: "a new molecule's budget where the formula sets none (usd, tokens, turns, time)",
      },
      VERBOSE,
      RUN_JSON,
      STORE,
    ],
    example: 'mol run hello --var name=ada',
  },
  status: {
    summary: "a molecule's steps and progress (--json, --graph)",
    usage: statusUsage,
    options: [
      json("the molecule, with each step's title and the progress counts,"),
      { name: 'graph', meaning: 'add the mermaid graph, each step marked with its status' },
      STORE,
    ],
    example: 'mol status hello-1a2b3c',
  },
  list: {
    summary: 'the active molecules (--all: finished and archived too)',
    usage: listUsage,
    options: [
      { name: 'all', meaning: 'also complete molecules and squashed archives' },
      json('the molecules'),
      STORE,
    ],
    example: 'mol list --all',
  },
  prompt: {
    summary: "print a step's prompt, as its agent gets it on stdin",
    usage: promptUsage,
    options: [STORE],
    example: 'mol prompt hello-1a2b3c review | claude -p',
  },
  done: stepVerb(
    'done',
    'record a step as done, then run what became ready',
    'mol done hello-1a2b3c review "looks good"',
  ),
  fail: stepVerb(
    'fail',
    'record a step as failed (retries and on_fail apply)',
    'mol fail hello-1a2b3c build "the tests are red"',
  ),
  retry: stepVerb('retry', 'send a failed step back to ready and run it', 'mol retry hello-1a2b3c build'),
  skip: {
    ...stepVerb('skip', 'skip a step', 'mol skip hello-1a2b3c docs "nothing to document"'),
    options: [
      {
        name: 'force',
        meaning:
          'also skip a gate step, or a step whose approval has not been given (its gates are passed unjudged)',
      },
      NO_RUN,
      RUN_JSON,
      STORE,
    ],
  },
  approve: stepVerb('approve', "pass a step's approval gate", 'mol approve hello-1a2b3c ship'),
  rollback: {
    summary: "reset to a step's checkpoint commit; downstream steps back to pending",
    usage: rollbackUsage,
    options: [
      {
        name: 'force',
        meaning:
          "roll back even over commits that are not the molecule's, and over uncommitted changes in the branch's worktree (both are dropped)",
      },
      json('the molecule after the rollback'),
      STORE,
    ],
    example: 'mol rollback hello-1a2b3c greet',
  },
  diff: {
    summary: 'the files a step added, modified and deleted',
    usage: diffUsage,
    options: [json('the step, its commit and the added, modified and deleted paths'), STORE],
    example: 'mol diff hello-1a2b3c greet',
  },
  squash: {
    summary: 'archive a molecule as a summary record',
    usage: squashUsage,
    options: [
      {
        name: 'summary',
        short: 'm',
        value: 'text',
        meaning: "the archive's summary (needed when the molecule is unfinished)",
      },
      json('the archive record'),
      STORE,
    ],
    example: 'mol squash hello-1a2b3c --summary "greeted everyone"',
  },
  burn: {
    summary: 'discard a molecule, its branches and worktrees (--force if in progress)',
    usage: burnUsage,
    options: [{ name: 'force', short: 'f', meaning: 'burn it even while it is in progress' }, STORE],
    example: 'mol burn hello-1a2b3c --force',
  },
  resume: {
    summary: 'after a crash: steps of dead runs back to ready, then run on',
    usage: resumeUsage,
    options: [JOBS, VERBOSE, RUN_JSON, STORE],
    example: 'mol resume hello-1a2b3c',
  },
  budget: {
    summary: "raise what a molecule's agents (or one step's) may spend; a paused molecule goes on",
    usage: budgetUsage,
    options: [
      { name: 'step', value: 'id', meaning: "raise that step's budget, not the molecule's" },
      {
        name: 'agent',
        value: 'CMD',
        meaning: 'run the steps without run with this agent (as mol run --agent)',
      },
      { name: 'no-run', meaning: 'only record the new budget' },
      JOBS,
      VERBOSE,
      RUN_JSON,
      STORE,
    ],
    example: 'mol budget fix-1a2b3c usd=10 time=1h',
  },
  patrol: {
    summary: 'find stuck molecules: nudge, time out, recover, evaporate wisps',
    usage: patrolUsage,
    options: [
      {
        name: 'nudge-after',
        value: 'duration',
        meaning: 'nudge a step in progress this long (default 30m)',
      },
      {
        name: 'timeout',
        value: 'duration',
        meaning: 'fail steps in progress this long when they set no timeout of their own',
      },
      json('what patrol found and did'),
      STORE,
    ],
    example: 'mol patrol --timeout 2h',
  },
  gc: {
    summary: 'remove expired wisps, leftover worktrees and branches of gone molecules',
    usage: gcUsage,
    options: [json('what was removed'), STORE],
    example: 'mol gc',
  },
  demo: {
    summary: 'run the built-in hello formula in a temporary git repository',
    usage: demoUsage,
    options: [],
    example: 'mol demo',
  },
  help: {
    summary: "list the commands, or show one command's options and an example",
    usage: 'mol help [<command>]',
    options: [],
    example: 'mol help run',
  },
  version: {
    summary: "print mol's version (also: mol --version)",
    usage: 'mol version',
    options: [],
    example: 'mol --version',
  },
} satisfies Record<string, VerbHelp>;

export type Verb = keyof typeof VERB_HELP;

export const VERBS = Object.keys(VERB_HELP) as Verb[];

export function isVerb(name: string): name is Verb {
  return Object.hasOwn(VERB_HELP, name);
}

const HELP_OPTION: OptionHelp = { name: 'help', short: 'h', meaning: 'print this help' };

/** `mol help`: every verb with its one-line summary. */
export function verbList(): string {
  const width = Math.max(...VERBS.map((n) => n.length));
  const lines = VERBS.map((name) => `  ${name.padEnd(width)}  ${VERB_HELP[name].summary}`);
  return [
    'mol — molecular workflows, locally',
    '',
    'usage: mol <command> [args]',
    '',
    ...lines,
    '',
    "mol help <command> (or mol <command> --help): a command's options and an example",
    'mol --version: the version',
    'On a terminal output has colour and status symbols; NO_COLOR=1 turns colour off,',
    'FORCE_COLOR=1 turns it on when piped.',
    '',
  ].join('\n');
}

/** `mol help <verb>`: the usage line, what the verb does, its options, an example. */
export function verbHelp(verb: Verb): string {
  const help: VerbHelp = VERB_HELP[verb];
  const options = [...help.options, HELP_OPTION];
  const flags = options.map(
    (o) => `${o.short ? `-${o.short}, ` : '    '}--${o.name}${o.value ? ` ${o.value}` : ''}`,
  );
  const width = Math.max(...flags.map((f) => f.length));
  return [
    `usage: ${help.usage}`,
    '',
    `${help.summary[0]?.toUpperCase()}${help.summary.slice(1)}.`,
    '',
    'options:',
    ...options.map((o, i) => `  ${(flags[i] ?? '').padEnd(width)}  ${o.meaning}`),
    '',
    'example:',
    `  ${help.example}`,
    '',
  ].join('\n');
}
