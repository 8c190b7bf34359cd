/**
 * Keeping the dashboard issue current, once per patrol round: every molecule the round saw, the
 * failed and recently completed ones besides (two more reads), what the round found stuck, one
 * rendering, and at most one write — none when nothing but time moved (the digest the body
 * carries). The issue is only a view: when it is gone, the round opens it again from the state
 * comments; when several exist, the oldest is kept.
 */
import {
  dashboardDigest,
  isLive,
  type Molecule,
  type Proto,
  renderDashboard,
  type StuckEntry,
  summarizeMolecules,
} from '../../engine/index.js';
import { type GitHubClient, type RepoRef, repoSlug } from '../../github/client.js';
import { findDashboardIssue, openDashboardIssue, writeDashboardBody } from '../../github/dashboard-issue.js';
import { STATE_LABELS } from '../../github/labels.js';
import type { TrustPolicy } from '../../github/store/comment-trust.js';
import { surveyMolecules } from '../../github/survey.js';
import type { PatrolOutcome } from '../patrol-round.js';

/** Complete molecules stay in the folded section this long after their last change. */
export const RECENTLY_FINISHED_MS = 7 * 86_400_000;

export interface DashboardScene {
  octokit: GitHubClient;
  repo: RepoRef;
  title: string;
  trust: TrustPolicy;
  now: Date;
  /** The proto of a molecule when it is at hand (no read for it): waits are told more precisely with it. */
  protoOf?: (mol: Molecule) => Proto | undefined;
}

export type DashboardWrite = 'opened' | 'edited' | 'unchanged';

export interface DashboardRound {
  /** The live molecules patrol surveyed, as they stand after its writes. */
  live: readonly Molecule[];
  outcomes: readonly PatrolOutcome[];
}

export async function keepDashboard(scene: DashboardScene, round: DashboardRound): Promise<DashboardWrite> {
  // The round's own view of a molecule is the newer one.
  const all = new Map((await endedMolecules(scene)).map((m) => [m.id, m]));
  for (const mol of round.live) all.set(mol.id, mol);
  const withProto = (mol: Molecule) => {
    const proto = scene.protoOf?.(mol);
    return { mol, proto, unattended: runsAsJob(mol, proto) };
  };
  const molecules = [...all.values()];
  const live = summarizeMolecules(
    molecules.filter((m) => isLive(m.status) || m.status === 'failed').map(withProto),
    scene.now,
  );
  const finished = summarizeMolecules(
    molecules
      .filter((m) => m.status === 'complete')
      .filter((m) => scene.now.getTime() - Date.parse(m.updatedAt) <= RECENTLY_FINISHED_MS)
      .map(withProto),
    scene.now,
  );
  const { body, digest } = renderDashboard({
    repo: repoSlug(scene.repo),
    live,
    finished,
    stuck: stuckEntries(round.outcomes),
  });
  const issue = await findDashboardIssue(scene.octokit, scene.repo, scene.trust.writers);
  if (!issue) {
    await openDashboardIssue(scene.octokit, scene.repo, scene.title, body);
    return 'opened';
  }
  if (dashboardDigest(issue.body) === digest) return 'unchanged';
  await writeDashboardBody(scene.octokit, scene.repo, issue.number, body);
  return 'edited';
}

/** Failed and complete molecules: patrol surveys only the live ones. */
async function endedMolecules(scene: DashboardScene): Promise<Molecule[]> {
  const found: Molecule[] = [];
  for (const label of [STATE_LABELS.failed.name, STATE_LABELS.complete.name]) {
    const survey = await surveyMolecules(scene.octokit, scene.repo, { trust: scene.trust, label });
    found.push(...survey.molecules.map((s) => s.mol).filter((m) => !isLive(m.status)));
  }
  return found;
}

/** What the round could not do: the rest of what is stuck shows in the molecules themselves. */
export function stuckEntries(outcomes: readonly PatrolOutcome[]): StuckEntry[] {
  return outcomes.flatMap((o) =>
    o.status === 'failed' && o.error !== undefined
      ? [
          {
            molId: o.molId,
            ...(o.step ? { step: o.step } : {}),
            reason: `patrol could not ${o.type}: ${o.error}`,
          },
        ]
      : [],
  );
}

/**
 * On GitHub every step but a person's is dispatched to a job; without its proto nothing says a
 * step is a person's, so each is taken for a job's.
 */
function runsAsJob(mol: Molecule, proto: Proto | undefined): ReadonlySet<string> {
  const steps = proto?.steps.filter((s) => s.type !== 'human') ?? mol.steps;
  return new Set(steps.map((s) => s.id));
}
