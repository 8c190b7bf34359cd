/**
 * The Action next to the App (defect untrusted-app-state-in-action): a state comment the App
 * wrote (`molecular[bot]`) is believed with the `app-slug` input; without it the job fails and
 * says which input to set, instead of refusing the state and exiting 0. A state comment a person
 * forged stays an ignored forgery, and a slug that is no app slug is refused before anything runs.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { readInputs } from '../../../src/action/inputs.js';
import { watchUntrustedApps } from '../../../src/action/untrusted-apps.js';
import { decodeState } from '../../../src/engine/codec/decode.js';
import type { MolError } from '../../../src/engine/errors.js';
import type { Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import type { CommentView } from '../../../src/github/store/comment-trust.js';
import { STEP_REPORT_EVENT } from '../../../src/webhooks/step-report.js';
import { actorFor } from '../../helpers/fake-github/index.js';
import { commentEvent } from '../../helpers/fake-github/webhook-payloads.js';
import { type ActionWorld, actionWorld, labeledPayload } from './fixture.js';

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

/** A molecule poured by the Action, its state comment then handed to `author` (as if they wrote it). */
async function pouredBy(author: string): Promise<{ w: ActionWorld; mol: Molecule; commentId: number }> {
  const w = await actionWorld();
  world = w;
  await w.publish('.github/formulas/ship.formula.toml', FORMULA);
  const poured = await w.job(
    { mode: 'event' },
    { runId: '100', workspace: w.git.dir, eventName: 'issues', payload: labeledPayload(w, 'ship') },
  );
  expect(poured.result.failure).toBeUndefined();
  const comment = stateComment(w);
  comment.user = actorFor(author);
  const decoded = decodeState(comment.body);
  if (!decoded.ok) throw new Error(decoded.error.message);
  return { w, mol: decoded.value, commentId: comment.id };
}

function stateComment(w: ActionWorld) {
  const comment = [...w.gh.state.comments.values()].find((c) => c.body.includes('molecular:state'));
  if (!comment) throw new Error('no state comment');
  return comment;
}

/** The step job's `start` report, handled by an `event` job (what the App's step workflow sends). */
function reportStart(w: ActionWorld, mol: Molecule, appSlug?: string) {
  return w.job(
    { mode: 'event', ...(appSlug === undefined ? {} : { appSlug }) },
    {
      runId: '300',
      workspace: w.git.dir,
      eventName: 'repository_dispatch',
      payload: {
        action: STEP_REPORT_EVENT,
        branch: 'main',
        client_payload: { molecule: mol.id, step: 'build', event: 'start', runId: '301' },
        sender: { login: 'github-actions[bot]' },
      },
    },
  );
}

const buildStatus = (w: ActionWorld) => {
  const decoded = decodeState(stateComment(w).body);
  if (!decoded.ok) throw new Error(decoded.error.message);
  return decoded.value.steps.find((s) => s.id === 'build')?.status;
};

describe('the Action where the Molecular App wrote the state', () => {
  it('believes molecular[bot] with app-slug: molecular, and the step proceeds', async () => {
    const { w, mol } = await pouredBy('molecular[bot]');
    const { result, io } = await reportStart(w, mol, 'molecular');
    expect(result.failure).toBeUndefined();
    expect(result.outputs.status).toBe('applied');
    expect(io.lines('warning').filter((l) => l.includes('state-untrusted'))).toEqual([]);
    expect(buildStatus(w)).toBe('in_progress');
  });

  it('fails the job without app-slug, naming the comment, its author and the input to set', async () => {
    const { w, mol, commentId } = await pouredBy('molecular[bot]');
    const { result } = await reportStart(w, mol);
    expect(result.failure).toContain(`comment #${commentId}`);
    expect(result.failure).toContain('@molecular[bot]');
    expect(result.failure).toContain(
      'set the action input `app-slug: molecular` or list `molecular[bot]` in `trusted_writers` in .github/molecular.yml',
    );
    expect(buildStatus(w)).toBe('ready');
  });

  it('fails a step job too, with the same remedy', async () => {
    const { w, mol } = await pouredBy('molecular[bot]');
    const workspace = await w.checkout('job-400');
    const { result } = await w.job(
      { mode: 'step-start', molecule: mol.id, step: 'build' },
      { runId: '400', workspace },
    );
    expect(result.failure).toContain('set the action input `app-slug: molecular`');
    expect(buildStatus(w)).toBe('ready');
  });

  it('fails a /mol command job without app-slug, and answers it with app-slug', async () => {
    const { w, commentId } = await pouredBy('molecular[bot]');
    const command = (runId: string, appSlug?: string) => {
      const body = '/mol done build';
      const comment = w.gh.state.addComment(w.issue, body, actorFor('alice'));
      return w.job(
        { mode: 'event', ...(appSlug === undefined ? {} : { appSlug }) },
        {
          runId,
          workspace: w.git.dir,
          eventName: 'issue_comment',
          payload: commentEvent(w.gh, comment.id),
        },
      );
    };
    const refused = await command('500');
    expect(refused.result.failure).toContain(
      `comment #${commentId} holds Molecular state written by @molecular[bot]`,
    );
    expect(refused.result.failure).toContain('set the action input `app-slug: molecular`');
    expect(buildStatus(w)).toBe('ready');
    const answered = await command('501', 'molecular');
    expect(answered.result.failure).toBeUndefined();
    expect(buildStatus(w)).toBe('completed');
  });

  it('names only trusted_writers when the config lists the writers, since app-slug then changes nothing', async () => {
    const { w, mol } = await pouredBy('molecular-dev[bot]');
    await w.publish('.github/molecular.yml', 'trusted_writers: ["github-actions[bot]"]\n');
    const { result, io } = await reportStart(w, mol, 'molecular-dev');
    expect(result.failure).toContain(
      'list `molecular-dev[bot]` in `trusted_writers` in .github/molecular.yml',
    );
    expect(result.failure).not.toContain('set the action input');
    expect(io.lines('warning').join('\n')).toContain('app-slug "molecular-dev" is not used');
  });

  it('still only ignores, with a warning, a state comment a person forged', async () => {
    const { w, mol, commentId } = await pouredBy('mallory');
    const { result, io } = await reportStart(w, mol);
    expect(result.failure).toBeUndefined();
    expect(result.outputs.status).toBe('refused');
    expect(io.lines('warning').join('\n')).toContain(
      `state-untrusted: comment #${commentId} holds Molecular state but was written by @mallory`,
    );
    expect(buildStatus(w)).toBe('ready');
  });
});

describe('the app-slug input', () => {
  const getter = (values: Record<string, string>) => (name: string) => values[name] ?? '';

  it('is declared in action.yml, empty by default', () => {
    const action = parseYaml(readFileSync(new URL('../../../action.yml', import.meta.url), 'utf8'));
    expect(action.inputs['app-slug']).toMatchObject({ required: false, default: '' });
    expect(action.inputs['app-slug'].description).toContain('<slug>[bot]');
  });

  it('is read when given and absent when empty', () => {
    const given = readInputs(getter({ 'github-token': 't', 'app-slug': 'molecular-dev2' }));
    expect(given.ok && given.value.appSlug).toBe('molecular-dev2');
    const empty = readInputs(getter({ 'github-token': 't' }));
    expect(empty.ok && 'appSlug' in empty.value).toBe(false);
  });

  it.each(['molecular[bot]', 'Molecular', 'my app', 'my_app', '-molecular', 'app/slug'])(
    'refuses "%s" with a sentence naming the input',
    (slug) => {
      const bad = readInputs(getter({ 'github-token': 't', 'app-slug': slug }));
      expect(bad.ok).toBe(false);
      expect(!bad.ok && bad.error.message).toBe(
        `app-slug "${slug}" is not a GitHub App slug (lowercase letters, digits and hyphens, as in https://github.com/apps/<slug>); give the slug alone, without "[bot]"`,
      );
    },
  );
});

describe('watchUntrustedApps', () => {
  const untrusted: MolError = { code: 'state-untrusted', message: 'ignored' };
  const view = (id: number, author: string, editor?: string) =>
    ({
      id,
      nodeId: `IC_${id}`,
      author,
      body: '',
      updatedAt: '2026-05-01T10:00:00Z',
      ...(editor ? { editor } : {}),
    }) as CommentView;
  const watch = (configNamesWriters = false) =>
    watchUntrustedApps({
      trusted: ['github-actions[bot]'],
      configPath: '.github/molecular.yml',
      configNamesWriters,
    });

  it('leaves the result alone when no app it does not trust wrote state', () => {
    const apps = watch();
    apps.note(view(1, 'mallory'), untrusted);
    apps.note(view(2, 'github-actions[bot]', 'mallory'), untrusted);
    apps.note(view(3, 'github-actions[bot]'), {
      code: 'state-untrusted',
      message: 'the seal does not match',
    });
    apps.note(view(4, 'molecular[bot]'), { code: 'label-failed', message: 'could not label' });
    expect(apps.verdict({ outputs: { status: 'refused' } })).toEqual({ outputs: { status: 'refused' } });
  });

  it('fails once per comment an app wrote or last edited, before the mode failure, keeping the outputs', () => {
    const apps = watch();
    apps.note(view(7, 'molecular[bot]'), untrusted);
    apps.note(view(7, 'molecular[bot]'), untrusted);
    apps.note(view(8, 'github-actions[bot]', 'molecular-dev[bot]'), untrusted);
    expect(apps.verdict({ outputs: { molecule: 'm' }, failure: 'the mode failed' })).toEqual({
      outputs: { molecule: 'm' },
      failure: [
        'comment #7 holds Molecular state written by @molecular[bot], an app this Action does not trust (it trusts github-actions[bot]), so the job ignored that state: set the action input `app-slug: molecular` or list `molecular[bot]` in `trusted_writers` in .github/molecular.yml',
        'comment #8 holds Molecular state last edited by @molecular-dev[bot], an app this Action does not trust (it trusts github-actions[bot]), so the job ignored that state: set the action input `app-slug: molecular-dev` or list `molecular-dev[bot]` in `trusted_writers` in .github/molecular.yml',
        'the mode failed',
      ].join('\n'),
    });
  });

  it('names only trusted_writers when the config lists the writers', () => {
    const apps = watch(true);
    apps.note(view(9, 'molecular[bot]'), untrusted);
    expect(apps.verdict({ outputs: {} }).failure).toMatch(
      /list `molecular\[bot\]` in `trusted_writers` in \.github\/molecular\.yml \(the action input `app-slug` is not used while `trusted_writers` is set\)$/,
    );
  });
});
