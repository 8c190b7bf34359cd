/**
 * Every verb of `mol`, in the order `mol help` lists them. A new verb is a file under `commands/`
 * exporting its descriptor, and one line here.
 */
import { budget } from './commands/budget.js';
import { burn } from './commands/burn.js';
import { complete } from './commands/complete.js';
import { completion } from './commands/completion.js';
import { cook } from './commands/cook.js';
import { demo } from './commands/demo.js';
import { diff } from './commands/diff.js';
import { gc } from './commands/gc.js';
import { graph } from './commands/graph.js';
import { help } from './commands/help.js';
import { list } from './commands/list.js';
import { ls } from './commands/ls.js';
import { patrol } from './commands/patrol.js';
import { pour, wisp } from './commands/pour.js';
import { prompt } from './commands/prompt.js';
import { ready } from './commands/ready.js';
import { resume } from './commands/resume.js';
import { rollback } from './commands/rollback.js';
import { run } from './commands/run.js';
import { squash } from './commands/squash.js';
import { status } from './commands/status.js';
import { approve, done, fail, retry, skip } from './commands/step-verbs.js';
import { validate } from './commands/validate.js';
import { version } from './commands/version.js';
import type { VerbSpec } from './verb-spec.js';

export const VERBS: readonly VerbSpec[] = [
  cook,
  validate,
  graph,
  pour,
  wisp,
  run,
  status,
  list,
  ls,
  ready,
  prompt,
  done,
  fail,
  retry,
  skip,
  approve,
  rollback,
  diff,
  squash,
  burn,
  resume,
  budget,
  patrol,
  gc,
  demo,
  completion,
  help,
  version,
  complete,
];

/** The verbs a user sees (in help, completion and docs/cli.md). */
export const SHOWN_VERBS = VERBS.filter((v) => !v.hidden);

export function findVerb(name: string): VerbSpec | undefined {
  return VERBS.find((v) => v.name === name);
}
