/**
 * `issues.edited` of the dashboard issue: the boxes a person ticked are commands. Each is obeyed
 * only when the editor's role reaches the matching slash command's level (retry for retry and
 * re-dispatch, burn for burn), through the same write path as `/mol retry` and the check run's
 * Retry button; a refusal is answered on the dashboard. Every ticked box is then unticked, in one
 * edit, whatever became of it.
 */
import {
  codeSpan,
  DASHBOARD_ACTION_VERB,
  type DashboardBox,
  err,
  type Molecule,
  type MoleculeEvent,
  ok,
  type PermissionLevel,
  permissionAtLeast,
  type Result,
  requiredPermission,
  tickedBoxes,
  untickBoxes,
} from '../engine/index.js';
import { repoSlug } from '../github/client.js';
import { DASHBOARD_LABEL, writeDashboardBody } from '../github/dashboard-issue.js';
import { reply } from '../github/reply.js';
import { levelOf, permissionRefusal, permissionTable } from '../shell/github/command-permissions.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { openStore } from '../shell/github/molecule-store.js';
import { quiet } from '../shell/github/quiet.js';
import { applyToMolecule } from '../shell/github/step-event.js';
import { applied, type HandlerResult, ignored, refused } from './handler-result.js';
import { EditedIssuePayload } from './payloads.js';

export async function handleDashboardEdited(ctx: GitHubContext): Promise<HandlerResult> {
  const parsed = EditedIssuePayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored('not an issue edit');
  const { issue, sender } = parsed.data;
  if (!issue.labels?.some((l) => l.name === DASHBOARD_LABEL.name)) return ignored('not the dashboard issue');
  const author = issue.user?.login.toLowerCase();
  if (!ctx.config.dashboard || !ctx.identity.trusted.some((w) => w.toLowerCase() === author))
    return ignored('not a dashboard Molecular keeps');
  const body = issue.body ?? '';
  const boxes = tickedBoxes(body);
  if (boxes.length === 0) return ignored('no box ticked');

  const level = await levelOf(ctx, sender.login);
  const answers: string[] = [];
  const done: string[] = [];
  for (const box of boxes) {
    const outcome = await obey(ctx, box, sender.login, level);
    if (outcome.ok) done.push(label(box));
    else answers.push(`- ${label(box)}: ${outcome.error.message}`);
  }
  await writeDashboardBody(ctx.octokit, ctx.repo, issue.number, untickBoxes(body));
  if (answers.length > 0) {
    await reply(ctx.octokit, ctx.repo, issue.number, `@${sender.login} not done:\n${answers.join('\n')}`);
    return refused(`${sender.login}: ${answers.length} of ${boxes.length} ticked boxes refused`);
  }
  return applied(done.join('; '));
}

async function obey(
  ctx: GitHubContext,
  box: DashboardBox,
  login: string,
  level: PermissionLevel,
): Promise<Result<void>> {
  const ask = {
    verb: DASHBOARD_ACTION_VERB[box.action],
    ...(box.step === undefined ? {} : { step: box.step }),
  };
  const required = requiredPermission(ask, permissionTable(ctx));
  if (!permissionAtLeast(level, required)) {
    return err('permission-denied', permissionRefusal('this', required, level, repoSlug(ctx.repo)));
  }
  const done = await applyToMolecule(ctx, openStore(ctx), box.molId, (mol) => eventFor(box, mol, login), {
    key: `delivery ${ctx.deliveryId} ${box.action} ${box.molId} ${box.step ?? ''}`.trim(),
    by: login,
    text: `dashboard ${label(box)}`,
  });
  if (!done.ok) return err(done.error.code, `refused: ${quiet(done.error.message)}`);
  return ok(undefined);
}

/** The event a box asks for, decided on the molecule as it stands under the lock. */
function eventFor(box: DashboardBox, mol: Molecule, by: string): Result<MoleculeEvent> {
  if (box.action === 'burn') {
    if (mol.kind !== 'wisp')
      return err('not-a-wisp', `molecule ${mol.id} is not a wisp; comment /mol burn on its issue`);
    return ok({ type: 'burn', by, force: true });
  }
  const step = box.step ?? '';
  if (box.action === 'retry') return ok({ type: 'retry', step, by });
  const state = mol.steps.find((s) => s.id === step);
  if (state?.status === 'ready') return ok({ type: 'nudge', step });
  if (state?.status === 'in_progress') return ok({ type: 'release', step, by });
  return err(
    'invalid-transition',
    `step ${step} is ${state ? state.status.replace('_', ' ') : 'not in molecule'} ${mol.id}; only a ready or running step can be dispatched again`,
  );
}

function label(box: DashboardBox): string {
  const step = box.step === undefined ? '' : ` step ${codeSpan(box.step)}`;
  const verb = box.action === 'redispatch' ? 're-dispatch' : box.action;
  return `${verb}${step} of ${codeSpan(box.molId)}`;
}
