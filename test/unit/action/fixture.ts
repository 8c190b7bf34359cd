/**
 * What the Action's unit tests share: an ActionIO that remembers what a mode said, and a world
 * of a fake GitHub plus a bare git remote in which modes run in process (the e2e tests run the
 * bundle as a process instead).
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Octokit } from '@octokit/rest';
import type { ActionIO, AnnotationPlace } from '../../../src/action/action-io.js';
import type { ActionInputs } from '../../../src/action/inputs.js';
import { runMode } from '../../../src/action/run-mode.js';
import { eventPayload } from '../../helpers/event-payload.js';
import { actorFor, type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github/index.js';
import { issueEvent } from '../../helpers/fake-github/webhook-payloads.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

const exec = promisify(execFile);

export interface Said {
  level: 'debug' | 'info' | 'notice' | 'warning' | 'error';
  text: string;
  place?: AnnotationPlace;
}

export interface MemoryIO extends ActionIO {
  said: Said[];
  written: string;
  /** Everything as the runner's log would show it, in order: info lines and written chunks. */
  log: string;
  summaries: string[];
  /** Everything logged, one entry per line given. */
  lines(level?: Said['level']): string[];
}

export function memoryIO(): MemoryIO {
  const io: MemoryIO = {
    said: [],
    written: '',
    log: '',
    summaries: [],
    debug: (text) => io.said.push({ level: 'debug', text }),
    info: (text) => {
      io.said.push({ level: 'info', text });
      io.log += `${text}\n`;
    },
    write: (chunk) => {
      io.written += chunk;
      io.log += chunk;
    },
    notice: (text, place) => io.said.push({ level: 'notice', text, ...(place ? { place } : {}) }),
    warning: (text, place) => io.said.push({ level: 'warning', text, ...(place ? { place } : {}) }),
    error: (text, place) => io.said.push({ level: 'error', text, ...(place ? { place } : {}) }),
    summary: async (markdown) => {
      io.summaries.push(markdown);
    },
    lines: (level) => io.said.filter((s) => level === undefined || s.level === level).map((s) => s.text),
  };
  return io;
}

/** Octokit logs every 404 (an absent config is one); the tests read what the modes said instead. */
const QUIET = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export const OWNER = 'acme';
export const REPO = 'widgets';
export const TOKEN = 'ghs_unit_token';

export interface ActionWorld {
  gh: FakeGitHub;
  git: TempRepo;
  issue: number;
  /** Puts a file on the default branch of both the fake API and the git remote. */
  publish(path: string, text: string): Promise<void>;
  /** A fresh clone of the remote, as actions/checkout with fetch-depth 0 leaves it. */
  checkout(name: string): Promise<string>;
  /** Runs a mode in process as job `runId` in `workspace`. */
  job(
    inputs: Partial<ActionInputs> & Pick<ActionInputs, 'mode'>,
    options: { runId: string; workspace: string; eventName?: string; payload?: unknown },
  ): Promise<{ io: MemoryIO; result: Awaited<ReturnType<typeof runMode>> }>;
  /** Moves the clock that the fake GitHub and every job share. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function actionWorld(): Promise<ActionWorld> {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const gh = await startFakeGitHub({ owner: OWNER, repo: REPO, defaultBranch: 'main', clock });
  gh.tokens.set(TOKEN, actorFor('github-actions[bot]'));
  gh.state.collaborators.set('alice', 'write');
  gh.state.files.set('.github/workflows/molecular-step.yml', 'name: step\n');
  const git = await makeTempRepo();
  // GitHub serves the repository's git beside its API: the jobs' lease pushes go there.
  gh.serveGit(git.remote);
  const issue = gh.state.addIssue({ title: 'Do the thing', user: actorFor('alice') }).number;
  let events = 0;
  return {
    gh,
    git,
    issue,
    async publish(path, text) {
      gh.state.files.set(path, text);
      await git.write(path, text);
      await git.commitAll(`add ${path}`);
      await git.git(['push', '-q', 'origin', 'main']);
    },
    async checkout(name) {
      const dir = join(git.root, name);
      await exec('git', ['clone', '-q', git.remote, dir]);
      return dir;
    },
    async job(inputs, options) {
      const io = memoryIO();
      const eventPath = join(git.root, `event-${++events}.json`);
      await mkdir(join(git.root, 'temp'), { recursive: true });
      const eventName = options.eventName ?? 'workflow_dispatch';
      await writeFile(eventPath, JSON.stringify(eventPayload(gh, eventName, options.payload)));
      const result = await runMode(
        { token: TOKEN, formulasPath: '.github/formulas', configPath: '.github/molecular.yml', ...inputs },
        {
          env: {
            GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
            GITHUB_SERVER_URL: gh.origin,
            GITHUB_WORKSPACE: options.workspace,
            GITHUB_RUN_ID: options.runId,
            GITHUB_EVENT_NAME: eventName,
            GITHUB_EVENT_PATH: eventPath,
            RUNNER_TEMP: join(git.root, 'temp', options.runId),
          },
          io,
          now: clock,
          octokitFor: (token) =>
            new Octokit({ baseUrl: gh.url, auth: token, request: { retries: 0 }, log: QUIET }),
        },
      );
      return { io, result };
    },
    advance(ms) {
      offset += ms;
    },
    async close() {
      await gh.close();
      await git.cleanup();
    },
  };
}

/** The labeled-issue payload that pours `formula` (event mode). */
/** The `issues.labeled` event GitHub sends for the world's issue; `body` replaces the issue's description first. */
export function labeledPayload(world: ActionWorld, formula: string, body?: string | null) {
  const issue = world.gh.state.issues.get(world.issue);
  if (issue && body !== undefined) issue.body = body;
  return issueEvent(world.gh, 'alice', 'labeled', world.issue, `formula:${formula}`);
}

/**
 * The lines of a log that the runner would read as workflow commands: those starting with `::`
 * or `##[`, outside `::stop-commands::<token>` … `::<token>::` fences.
 */
export function commandsOutsideFences(log: string): string[] {
  const commands: string[] = [];
  let token: string | undefined;
  for (const line of log.split(/\r?\n/)) {
    const bare = line.trim();
    if (token !== undefined) {
      if (bare === `::${token}::`) token = undefined;
      continue;
    }
    const open = /^::stop-commands::(.+)$/.exec(bare);
    if (open) token = open[1];
    else if (bare.startsWith('::') || bare.startsWith('##[')) commands.push(line);
  }
  return commands;
}
