import { cookCommand } from './commands/cook.js';
import { graphCommand } from './commands/graph.js';
import { validateCommand } from './commands/validate.js';
import { type CliIO, EXIT, processIO } from './io.js';

type Command = (io: CliIO, argv: string[]) => number | Promise<number>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  cook: { run: cookCommand, summary: 'cook a formula into a proto (--json for data)' },
  validate: { run: validateCommand, summary: 'check formula files and folders' },
  graph: { run: graphCommand, summary: "print a formula's mermaid graph" },
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
