/**
 * The setup the App e2e files share, as `useCliRepo` is the CLI's: a fresh {@link startAppHarness}
 * for every test with formulas, collaborators and one issue in the fake GitHub; closed after the
 * test, which then must have made no request or answer GitHub's description refuses.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import type { MolecularAppOptions } from '../../src/app/app-options.js';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { STEP_REPORT_EVENT } from '../../src/webhooks/step-report.js';
import {
  actorFor,
  type CommentRecord,
  type FakeGitHub,
  type FakeGitHubOptions,
  type Role,
} from '../helpers/fake-github/index.js';
import { moleculeOn, stateComments } from '../helpers/state-comments.js';
import { type AppHarness, type Delivery, startAppHarness } from './app-harness.js';

/** The App's own login: the only author whose state comments count. */
export const APP_BOT = 'molecular[bot]';

export interface WorldIssue {
  title: string;
  author: string;
  body?: string;
  labels?: string[];
}

export interface AppWorldOptions {
  /** Formula texts by name, at `.github/formulas/<name>.formula.toml` on the default branch. */
  formulas?: Record<string, string>;
  /** Collaborators and their permission. */
  people?: Record<string, Role>;
  /** The issue every test starts with. */
  issue?: WorldIssue;
  fake?: Partial<FakeGitHubOptions>;
  app?: MolecularAppOptions;
}

export interface AppWorld {
  /** The current test's App; also usable destructured. */
  app: AppHarness;
  /** The current test's fake GitHub. */
  gh: FakeGitHub;
  /** The current test's issue (read it inside a test). */
  readonly issue: number;
  /** The App's state comments on `issue` (default: the world's issue). */
  stateComments(issue?: number): CommentRecord[];
  /** The molecule on `issue` (default: the world's issue), decoded from the App's state comment. */
  molecule(issue?: number): Molecule;
  /** A step report as GitHub delivers a step job's `repository_dispatch`. */
  report(client_payload: Record<string, unknown>): Promise<Delivery>;
}

/** Formulas, people and an issue in a fake GitHub, as {@link AppWorldOptions} lists them. */
export function furnish(gh: FakeGitHub, options: AppWorldOptions): number | undefined {
  for (const [name, text] of Object.entries(options.formulas ?? {}))
    gh.state.files.set(`.github/formulas/${name}.formula.toml`, text);
  for (const [login, role] of Object.entries(options.people ?? {})) gh.state.collaborators.set(login, role);
  if (!options.issue) return undefined;
  const { author, ...fields } = options.issue;
  return gh.state.addIssue({ ...fields, user: actorFor(author) }).number;
}

/**
 * Call at the top level of a test file (or a describe): the App starts before each test and is
 * closed after it. `app`, `gh` and `issue` always stand for the current test's.
 */
export function useAppWorld(options: AppWorldOptions = {}): AppWorld {
  let app: AppHarness | undefined;
  let issue: number | undefined;
  beforeEach(async () => {
    app = await startAppHarness(options.fake, options.app);
    issue = furnish(app.gh, options);
  });
  afterEach(async () => {
    const closing = app;
    app = undefined;
    issue = undefined;
    await closing?.close();
    expect(closing?.gh.violations).toEqual([]);
    expect(closing?.gh.responseViolations).toEqual([]);
  });
  const current = (): AppHarness => {
    if (!app) throw new Error('useAppWorld: the App is only there inside a test');
    return app;
  };
  const live = <T extends object>(get: () => T): T =>
    new Proxy({} as T, { get: (_, key) => Reflect.get(get(), key) });
  const theIssue = (given?: number): number => {
    const number = given ?? issue;
    if (number === undefined) throw new Error('useAppWorld: no issue was given');
    return number;
  };
  return {
    app: live(current),
    gh: live(() => current().gh),
    get issue() {
      return theIssue();
    },
    stateComments: (given) => stateComments(current().gh, theIssue(given), APP_BOT),
    molecule: (given) => moleculeOn(current().gh, theIssue(given), APP_BOT),
    report: (client_payload) =>
      current().send(
        'repository_dispatch',
        current().payload('github-actions[bot]', {
          action: STEP_REPORT_EVENT,
          branch: 'main',
          client_payload,
        }),
      ),
  };
}
