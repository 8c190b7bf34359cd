/**
 * One `/mol` command of a comment, already parsed and allowed for the commenter's level: what it
 * asks of the molecules on the issue, and the sentence the reply gives (none when the state
 * comment itself shows the outcome). Refusals — no molecule, unknown step, an event the state
 * machine refuses — change nothing and say why.
 */

import {
  COMMAND_USAGE,
  COMMAND_VERBS,
  type CommandPermissionTable,
  codeSpan,
  commandEvents,
  type Molecule,
  type MoleculeStore,
  ok,
  type ParsedCommand,
  type PermissionLevel,
  parseDuration,
  permissionAtLeast,
  redeliveryEffect,
  renderView,
  requiredPermission,
} from '../../engine/index.js';
import { repoSlug } from '../../github/client.js';
import { changeMolecule } from '../change-molecule.js';
import { permissionRefusal } from './command-permissions.js';
import { describeError } from './describe-error.js';
import type { GitHubContext } from './github-context.js';
import { carryOutOnGitHub } from './github-effects.js';
import type { IssueMolecules } from './issue-molecules.js';
import { DEFAULT_WISP_TTL_MS, type PourRequest, pourOnIssue } from './pour-on-issue.js';
import { unvouchedReason, vouchedBodyVars } from './pour-trust.js';
import { quiet } from './quiet.js';
import { loadProto } from './repo-proto.js';

export interface CommandScene {
  ctx: GitHubContext;
  store: MoleculeStore;
  issue: number;
  login: string;
  level: PermissionLevel;
  table: CommandPermissionTable;
  commentId: number;
  /** The issue's title, when the event gave it: a pull request's `{{title}}`. */
  issueTitle?: string;
  issueBody: string | null | undefined;
  /** Who wrote the description: its `mol-vars` block counts only when they may pour. */
  issueAuthor: string | undefined;
  /** The molecules on the issue; kept current as commands pour, squash and burn. */
  molecules: IssueMolecules;
  /** The head of the pull request the comment is on, or why steps may not run from it. */
  pullHead?: () => Promise<PourRequest['pr'] | string>;
}

export interface CommandOutcome {
  ok: boolean;
  /** Markdown for the reply; undefined when there is nothing to say. */
  text?: string;
}

const done = (text?: string): CommandOutcome => (text === undefined ? { ok: true } : { ok: true, text });
const refuse = (text: string): CommandOutcome => ({ ok: false, text });

export async function runCommand(scene: CommandScene, command: ParsedCommand): Promise<CommandOutcome> {
  switch (command.verb) {
    case 'help':
      return done(helpText(scene.table));
    case 'status':
      return status(scene);
    case 'pour':
    case 'wisp':
      return pourCommand(scene, command);
    case 'deliver':
      return deliverCommand(scene);
    default:
      return changeCommand(scene, command);
  }
}

function helpText(table: CommandPermissionTable): string {
  const rows = COMMAND_VERBS.map((verb) => {
    const who = verb === 'reset' ? `${table.reset}; \`--force\`: ${table['reset --force']}` : table[verb];
    return `| \`${COMMAND_USAGE[verb].usage}\` | ${COMMAND_USAGE[verb].summary} | ${who} |`;
  });
  return ['| command | what it does | least permission |', '|---|---|---|', ...rows].join('\n');
}

async function status(scene: CommandScene): Promise<CommandOutcome> {
  const { live } = scene.molecules;
  if (live.length === 0) return done(noMolecule(scene));
  const views: string[] = [];
  for (const { mol } of live.slice(0, 3)) {
    const proto = await loadProto(scene.ctx, mol);
    views.push(renderView(mol, proto.ok ? proto.value : undefined));
  }
  if (live.length > 3) views.push(`_…and ${live.length - 3} more molecules on this issue._`);
  return done(views.join('\n\n'));
}

async function pourCommand(
  scene: CommandScene,
  command: Extract<ParsedCommand, { verb: 'pour' | 'wisp' }>,
): Promise<CommandOutcome> {
  const fromBody = await vouchedBodyVars(scene.ctx, scene.issueBody, scene.issueAuthor);
  if (fromBody.kind === 'invalid') return refuse(quiet(fromBody.message));
  // A writer's command on an outsider's issue pours with the command's variables alone.
  const unread =
    fromBody.kind === 'unvouched'
      ? [`${unvouchedReason(fromBody)}: it was not read, only this command's variables were`]
      : [];
  let pr: PourRequest['pr'];
  if (scene.pullHead) {
    const head = await scene.pullHead();
    if (typeof head === 'string') return refuse(head);
    pr = head;
  }
  const poured = await pourOnIssue(scene.ctx, scene.store, {
    issue: scene.issue,
    ...(scene.issueTitle ? { title: scene.issueTitle } : {}),
    ...(pr ? { pr } : {}),
    formula: command.formula,
    vars: { ...(fromBody.kind === 'vars' ? fromBody.vars : {}), ...command.vars },
    ...(command.verb === 'wisp'
      ? { kind: 'wisp' as const, ttlMs: parseDuration(command.ttl ?? '') ?? DEFAULT_WISP_TTL_MS }
      : {}),
    by: scene.login,
    idempotencyKey: `comment ${scene.commentId} line ${command.line}`,
    existing: scene.molecules.live.map((x) => x.mol),
  });
  if (!poured.ok)
    return refuse(
      [`could not pour ${codeSpan(command.formula)}: ${quiet(describeError(poured.error))}`, ...unread].join(
        '\n',
      ),
    );
  if (!poured.value.existed) scene.molecules.live.unshift({ mol: poured.value.mol, commentId: 0 });
  return outcomeText([...unread, ...poured.value.outcome.notices], poured.value.outcome.problems);
}

/**
 * `/mol deliver`: the molecule's work to its result branch and pull request again, as the step
 * that completed it would have (a delivery that failed on a permission, a branch GitHub did not
 * have yet, or a runner that died after the write). Finding the pull request by its head first
 * makes it safe to ask twice.
 */
async function deliverCommand(scene: CommandScene): Promise<CommandOutcome> {
  const target = pickTarget(scene.molecules.live, undefined);
  if (!target) return refuse(noMolecule(scene));
  const proto = await loadProto(scene.ctx, target.mol);
  if (!proto.ok) return refuse(quiet(proto.error.message));
  const effect = redeliveryEffect(proto.value, target.mol);
  if (typeof effect === 'string') return refuse(quiet(effect));
  const outcome = await carryOutOnGitHub(scene.ctx, scene.store, target.mol, proto.value, [effect], {
    siblings: scene.molecules.live.map((x) => x.mol),
  });
  track(scene.molecules, outcome.mol);
  const pr = outcome.mol.delivery?.pr;
  const said = pr === undefined ? [] : [`delivered: #${pr}`];
  return outcomeText([...said, ...outcome.notices], outcome.problems);
}

type ChangeVerb = Exclude<ParsedCommand['verb'], 'help' | 'status' | 'pour' | 'wisp' | 'deliver'>;

async function changeCommand(
  scene: CommandScene,
  command: Extract<ParsedCommand, { verb: ChangeVerb }>,
): Promise<CommandOutcome> {
  const { ctx } = scene;
  const step = 'step' in command ? command.step : undefined;
  const target = pickTarget(scene.molecules.live, step);
  if (!target) return refuse(noMolecule(scene));
  const proto = await loadProto(ctx, target.mol);
  if (!proto.ok) return refuse(quiet(proto.error.message));

  // The comment's handler checked the command's own level; a step's approval gate may ask more.
  const required = requiredPermission(command, scene.table, proto.value);
  if (!permissionAtLeast(scene.level, required)) {
    const doing = command.verb === 'approve' ? 'approving' : 'skipping';
    return refuse(permissionRefusal(`${doing} step \`${step}\``, required, scene.level, repoSlug(ctx.repo)));
  }

  // Chosen from the molecule as it stands under the lock: `mol fail` in a terminal decides the same way.
  // Skipping a gate is forced here: the permission just checked (with an approval's own level) is
  // what `--force` is in a terminal.
  const asked = command.verb === 'skip' ? { ...command, force: true } : command;
  const events = (current: Molecule) => ok(commandEvents(asked, current, scene.login));
  const change = await changeMolecule(scene.store, proto.value, target.mol.id, events, ctx.now(), {
    key: `comment ${scene.commentId} line ${command.line}`,
    by: scene.login,
    text: command.text,
  });
  // An unknown step's refusal already names the step it was near (the engine's unknownStep).
  if (!change.ok) return refuse(quiet(change.error.message));
  if (change.value.duplicate) return done();
  track(scene.molecules, change.value.mol);
  const siblings = scene.molecules.live.map((x) => x.mol);
  const outcome = await carryOutOnGitHub(
    ctx,
    scene.store,
    change.value.mol,
    proto.value,
    change.value.effects,
    {
      siblings,
    },
  );
  track(scene.molecules, outcome.mol);
  return outcomeText(outcome.notices, outcome.problems);
}

/** The molecule a command is about: the newest live one that has the step, else the newest. */
export function pickTarget(
  live: IssueMolecules['live'],
  step: string | undefined,
): IssueMolecules['live'][number] | undefined {
  if (step !== undefined) {
    const having = live.find((x) => x.mol.steps.some((s) => s.id === step));
    if (having) return having;
  }
  return live[0];
}

function track(molecules: IssueMolecules, mol: Molecule): void {
  const at = molecules.live.findIndex((x) => x.mol.id === mol.id);
  if (at < 0) return;
  if (mol.status === 'squashed' || mol.status === 'burned') molecules.live.splice(at, 1);
  else molecules.live[at] = { mol, commentId: molecules.live[at]?.commentId ?? 0 };
}

function noMolecule(scene: CommandScene): string {
  const ignored = scene.molecules.rejected.map(
    (r) => `\n- comment #${r.comment.id} looks like one but was ignored: ${quiet(r.error.message)}`,
  );
  return `there is no molecule on this issue: label it ${codeSpan(`${scene.ctx.config.label_prefix}<formula>`)} or comment \`/mol pour <formula>\` to start one.${ignored.join('')}`;
}

function outcomeText(notices: string[], problems: string[]): CommandOutcome {
  const lines = [...problems.map((p) => `⚠️ ${quiet(p)}`), ...notices.map(quiet)];
  return lines.length === 0 ? done() : { ok: problems.length === 0, text: lines.join('\n') };
}
