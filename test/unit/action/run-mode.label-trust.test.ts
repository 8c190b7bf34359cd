/**
 * The Action's `event` mode shares the label handler with the App (issue 20, item 1): a
 * labelling app is checked like a person. github-actions[bot] is not Molecular's own identity
 * there — every workflow of the repository labels as it — while the App named by `app-slug` and
 * the logins under `trusted_labelers` are trusted.
 */
import { afterEach, expect, it } from 'vitest';
import { issueEvent } from '../../helpers/fake-github/webhook-payloads.js';
import { type ActionWorld, actionWorld } from './fixture.js';

const FORMULA = `formula = "ship"
execution = "distributed"

[[steps]]
id = "build"
run = "echo built > build.txt"
`;

let world: ActionWorld | undefined;

afterEach(async () => {
  if (!world) return;
  expect(world.gh.violations).toEqual([]);
  await world.close();
  world = undefined;
});

async function labelledBy(sender: string, options: { appSlug?: string; config?: string } = {}) {
  const w = await actionWorld();
  world = w;
  await w.publish('.github/formulas/ship.formula.toml', FORMULA);
  if (options.config) await w.publish('.github/molecular.yml', options.config);
  const payload = issueEvent(w.gh, sender, 'labeled', w.issue, 'formula:ship');
  const job = await w.job(
    { mode: 'event', ...(options.appSlug ? { appSlug: options.appSlug } : {}) },
    { runId: '100', workspace: w.git.dir, eventName: 'issues', payload },
  );
  const comments = [...w.gh.state.comments.values()].map((c) => c.body);
  return {
    status: job.result.outputs.status,
    poured: comments.some((b) => b.includes('molecular:state')),
    dispatched: w.gh.state.workflowDispatches.length,
    replies: comments.filter((b) => !b.includes('molecular:state')).join('\n'),
  };
}

it.each(['github-actions[bot]', 'issue-labeler[bot]'])(
  'refuses a label %s added: nothing poured or dispatched, and the reply names trusted_labelers',
  async (bot) => {
    const seen = await labelledBy(bot);
    expect(seen).toMatchObject({ status: 'refused', poured: false, dispatched: 0 });
    expect(seen.replies).toContain('you have **no access**');
    expect(seen.replies).toContain(
      `listed under \`trusted_labelers\` in .github/molecular.yml (add \`${bot}\` there)`,
    );
  },
);

it('pours for the App named by app-slug, and for a login under trusted_labelers', async () => {
  expect(await labelledBy('molecular[bot]', { appSlug: 'molecular' })).toMatchObject({
    status: 'applied',
    poured: true,
    dispatched: 1,
  });
  await world?.close();
  world = undefined;
  expect(
    await labelledBy('issue-labeler[bot]', { config: 'trusted_labelers: ["issue-labeler[bot]"]\n' }),
  ).toMatchObject({ status: 'applied', poured: true, dispatched: 1 });
});
