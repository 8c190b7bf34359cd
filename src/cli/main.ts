import { burnCommand } from './commands/burn.js';
import { cookCommand } from './commands/cook.js';
import { demoCommand } from './commands/demo.js';
import { diffCommand } from './commands/diff.js';
import { gcCommand } from './commands/gc.js';
import { graphCommand } from './commands/graph.js';
import { listCommand } from './commands/list.js';
import { patrolCommand } from './commands/patrol.js';
import { pourCommand, wispCommand } from './commands/pour.js';
import { resumeCommand } from './commands/resume.js';
import { rollbackCommand } from './commands/rollback.js';
import { runCommand } from './commands/run.js';
import { squashCommand } from './commands/squash.js';
import { statusCommand } from './commands/status.js';
import {
  approveCommand,
  doneCommand,
  failCommand,
  retryCommand,
  skipCommand,
} from './commands/step-verbs.js';
import { validateCommand } from './commands/validate.js';
import { type CliIO, EXIT, processIO } from './io.js';

type Command = (io: CliIO, argv: string[]) => number | Promise<number>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  cook: { run: cookCommand, summary: 'cook a formula into a proto (--json for data)' },
  validate: { run: validateCommand, summary: 'check formula files and folders' },
  graph: { run: graphCommand, summary: "print a formula's mermaid graph" },
  pour: { run: pourCommand, summary: 'pour a formula into a molecule; prints its id (--json: the molecule)' },
  wisp: { run: wispCommand, summary: 'pour an ephemeral wisp that evaporates after --ttl (default 1h)' },
  run: {
    run: runCommand,
    summary: 'pour and run a formula, or run a molecule on (exit 0 done, 1 failed, 3 waiting)',
  },
  status: { run: statusCommand, summary: "a molecule's steps and progress (--json, --graph)" },
  list: { run: listCommand, summary: 'the active molecules (--all: finished and archived too)' },
  done: { run: doneCommand, summary: 'record a step as done, then run what became ready' },
  fail: { run: failCommand, summary: 'record a step as failed (retries and on_fail apply)' },
  retry: { run: retryCommand, summary: 'send a failed step back to ready and run it' },
  skip: { run: skipCommand, summary: 'skip a step' },
  approve: { run: approveCommand, summary: "pass a step's approval gate" },
  rollback: {
    run: rollbackCommand,
    summary: "reset to a step's checkpoint commit; downstream steps back to pending",
  },
  diff: { run: diffCommand, summary: 'the files a step added, modified and deleted' },
  squash: { run: squashCommand, summary: 'archive a molecule as a summary record' },
  burn: {
    run: burnCommand,
    summary: 'discard a molecule, its branches and worktrees (--force if in progress)',
  },
  resume: { run: resumeCommand, summary: 'after a crash: steps of dead runs back to ready, then run on' },
  patrol: { run: patrolCommand, summary: 'find stuck molecules: nudge, time out, recover, evaporate wisps' },
  gc: { run: gcCommand, summary: 'remove expired wisps, leftover worktrees and branches of gone molecules' },
  demo: { run: demoCommand, summary: 'run the built-in hello formula in a temporary git repository' },
};

export function helpText(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `mol — molecular workflows, locally\n\nusage: mol <command> [args]\n\n${lines.join('\n')}\n`;
}

/** Runs one CLI invocation; every failure is one clear line and an exit code, never a stack trace. */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(helpText());
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`mol: unknown command "${name}"; run "mol help" for the list`);
    return EXIT.failed;
  }
  try {
    return await command.run(io, rest);
  } catch (e) {
    io.err(`mol: ${(e as Error).message}`);
    if (io.env.MOL_DEBUG) io.err(String((e as Error).stack));
    return EXIT.failed;
  }
}
