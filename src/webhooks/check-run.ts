/**
 * `check_run.requested_action` (the Retry and Skip buttons of a step's check run) and
 * `check_run.rerequested` ("Re-run": retry). Only check runs Molecular wrote count, and the
 * step comes from their `external_id` (`<mol-id>/<step>`). Whoever clicked needs the same
 * permission as the slash command, including an approval gate's level for Skip. A refusal is
 * answered on the molecule's issue.
 */
import {
  codeSpan,
  err,
  type Molecule,
  type MoleculeEvent,
  ok,
  type PermissionAsk,
  permissionAtLeast,
  type Result,
  requiredPermission,
} from '../engine/index.js';
import { parseCheckRunExternalId } from '../github/check-runs.js';
import { repoSlug } from '../github/client.js';
import { parseMoleculeId } from '../github/molecule-id.js';
import { reply } from '../github/reply.js';
import { levelOf, permissionRefusal, permissionTable } from '../shell/github/command-permissions.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { openStore } from '../shell/github/molecule-store.js';
import { quiet } from '../shell/github/quiet.js';
import { cachedProto } from '../shell/github/repo-proto.js';
import { applyToMolecule } from '../shell/github/step-event.js';
import { applied, type HandlerResult, ignored, refused } from './handler-result.js';
import { CheckRunPayload } from './payloads.js';

export async function handleCheckRun(ctx: GitHubContext): Promise<HandlerResult> {
  const parsed = CheckRunPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored('not a check run event');
  const { action, check_run: run, requested_action: requested, sender } = parsed.data;
  const verb =
    action === 'rerequested' ? 'retry' : action === 'requested_action' ? requested?.identifier : undefined;
  if (verb !== 'retry' && verb !== 'skip') return ignored(`check run ${action} ${verb ?? ''}`.trim());
  const app = run.app?.slug;
  if (
    app !== undefined &&
    !ctx.identity.trusted.some((w) => w.toLowerCase() === `${app}[bot]`.toLowerCase())
  ) {
    return ignored(`check run of another app (${app})`);
  }
  const { molId, step } = parseCheckRunExternalId(run.external_id ?? '');
  const issue = parseMoleculeId(molId)?.issue;
  if (step === undefined || issue === undefined)
    return ignored(`check run ${run.id} is not a Molecular step`);

  const say = (text: string) => reply(ctx.octokit, ctx.repo, issue, `@${sender.login} ${text}`);
  const what = `${verb === 'retry' ? 'Retry' : 'Skip'} of step ${codeSpan(step)} (molecule ${codeSpan(molId)})`;
  const ask: PermissionAsk = { verb, step };
  const table = permissionTable(ctx);
  const floor = requiredPermission(ask, table);
  const level = await levelOf(ctx, sender.login);
  if (!permissionAtLeast(level, floor)) {
    await say(`${what}: ${permissionRefusal('this', floor, level, repoSlug(ctx.repo))}.`);
    return refused(`${sender.login} may not ${verb}`);
  }
  // Judged again with the step's gates once the molecule's formula is known: a Skip passes an
  // approval gate, so it needs the level that gate asks for.
  const event = (current: Molecule): Result<MoleculeEvent> => {
    const proto = cachedProto(ctx, current);
    if (proto === undefined)
      return err('no-proto', `molecule ${molId}: its formula is not loaded; try again`);
    const required = requiredPermission(ask, table, proto);
    if (!permissionAtLeast(level, required)) {
      return err('permission-denied', permissionRefusal('this', required, level, repoSlug(ctx.repo)));
    }
    // The permission checked above is the Skip button's force (see run-command.ts).
    return ok(
      verb === 'skip'
        ? { type: verb, step, by: sender.login, force: true }
        : { type: verb, step, by: sender.login },
    );
  };
  const done = await applyToMolecule(ctx, openStore(ctx), molId, event, {
    key: `delivery ${ctx.deliveryId}`,
    by: sender.login,
    text: `check run ${verb} of ${step}`,
  });
  if (!done.ok) {
    const sentence =
      done.error.code === 'permission-denied'
        ? `${what}: ${done.error.message}.`
        : `${what} was refused: ${quiet(done.error.message)}.`;
    await say(sentence);
    return refused(
      done.error.code === 'permission-denied' ? `${sender.login} may not ${verb}` : done.error.message,
    );
  }
  const problems = done.value.outcome?.problems ?? [];
  if (problems.length > 0) await say(`${what}:\n${problems.map((p) => `- ⚠️ ${quiet(p)}`).join('\n')}`);
  return applied(`${verb} ${molId}/${step}`);
}
