/**
 * Ref transactions (`update-ref --stdin` lines: every line applies, or none does) through one
 * `git update-ref --stdin` per repository, kept running between them, instead of a process each:
 * a local run records every step's attempt base this way (attempt-refs.ts).
 *
 * Each transaction is `start`, its lines, `prepare`, `commit`, and is done when git answers
 * `commit: ok` — git has then written the refs, as a process of its own would have before exiting.
 * A transaction git refuses (a ref that must not exist does) ends the process with the reason; so
 * does anything else that kills it. Either way the transaction counts as failed, whatever git got
 * to do (a process killed after `commit` may have committed it: callers read the refs again before
 * they go on, as attempt-refs.ts's long way does), and the next transaction starts a new process.
 * Should `mol` itself die mid-transaction, git reads end of file with the transaction open and
 * aborts it. An idle process is let go after a while, and never keeps `mol` from exiting.
 *
 * Its refs are Molecular's own (attempt bases, a distributed step's new branch), so it starts no
 * reflog: a step branch's log would be a file made at every step for no one to read.
 */
import type { ChildProcess } from 'node:child_process';
import { err, ok, type Result } from '../engine/index.js';
import { crashPoint } from './crash-point.js';
import { spawnGit } from './git.js';
import { holdChild } from './hold-child.js';

/** How long an idle process is kept: longer than the gap between two steps, shorter than an agent's step. */
const IDLE_MS = 5_000;
const DONE = 'commit: ok\n';

interface Session {
  child: ChildProcess;
  /** What git printed since the transaction in flight began. */
  out: string;
  err: string;
  /** The transaction in flight: told when git answers or the process ends. */
  waiting?: (result: Result<void>) => void;
  /** Transactions one after another on one process. */
  queue: Promise<unknown>;
  idle?: NodeJS.Timeout;
  gone: boolean;
}

const sessions = new Map<string, Session>();

export function refTransaction(cwd: string, lines: string): Promise<Result<void>> {
  const session = sessionFor(cwd);
  const done = session.queue.then(() => run(cwd, session, lines));
  session.queue = done;
  return done;
}

function run(cwd: string, session: Session, lines: string): Promise<Result<void>> {
  if (session.gone) return refTransaction(cwd, lines);
  clearTimeout(session.idle);
  crashPoint('git-update-ref:before');
  return new Promise<Result<void>>((resolve) => {
    session.out = '';
    session.err = '';
    session.waiting = resolve;
    holdChild(session.child, true);
    session.child.stdin?.write(`start\n${lines}prepare\ncommit\n`);
  }).then((result) => {
    if (result.ok) crashPoint('git-update-ref:after');
    holdChild(session.child, false);
    if (!session.gone) session.idle = setTimeout(() => letGo(cwd, session), IDLE_MS).unref();
    return result;
  });
}

function sessionFor(cwd: string): Session {
  const known = sessions.get(cwd);
  if (known !== undefined && !known.gone) return known;
  const child = spawnGit(cwd, ['-c', 'core.logAllRefUpdates=false', 'update-ref', '--stdin']);
  const session: Session = { child, out: '', err: '', queue: Promise.resolve(), gone: false };
  sessions.set(cwd, session);
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    session.out += chunk;
    if (session.out.endsWith(DONE)) answer(session, ok(undefined));
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    session.err += chunk;
  });
  // Writing to a process that just died: its exit says what happened.
  child.stdin?.on('error', () => {});
  const end = (why: string) => {
    session.gone = true;
    if (sessions.get(cwd) === session) sessions.delete(cwd);
    clearTimeout(session.idle);
    const said = session.err.trim().split('\n').slice(-2).join(' ');
    answer(session, err('git-failed', `git update-ref --stdin failed in ${cwd}: ${said || why}`));
  };
  child.on('error', (error) => end(error.message));
  child.on('close', (code, signal) => end(signal ? `killed by ${signal}` : `exit ${code}`));
  holdChild(session.child, false);
  return session;
}

function answer(session: Session, result: Result<void>): void {
  const waiting = session.waiting;
  session.waiting = undefined;
  waiting?.(result);
}

/** End of input with no transaction open: git exits. */
function letGo(cwd: string, session: Session): void {
  if (session.waiting !== undefined || session.gone) return;
  if (sessions.get(cwd) === session) sessions.delete(cwd);
  session.gone = true;
  session.child.stdin?.end();
}
