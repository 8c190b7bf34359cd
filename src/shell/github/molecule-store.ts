/**
 * The comment store as every handler opens it: the face's identity as trusted writer, the state
 * key, the lock the face chose, protos for the rendered view, problems (forged or edited state
 * comments) to the log and to the face's `onRejectedState`. One store per event; the
 * process-wide mutex is shared by all of them.
 */
import { hostname } from 'node:os';
import { parseDuration } from '../../engine/index.js';
import { type CommentStore, createCommentStore } from '../../github/store/comment-store.js';
import type { GitHubContext } from './github-context.js';
import { loadProto } from './repo-proto.js';

const PROCESS = `${hostname()}:${process.pid}`;

/** Who holds a lease this process takes: one name per process (ref-lock.ts's LockCommits, git-lease.ts). */
export const leaseHolder = (login: string) => `${login} ${PROCESS}`;

export function openStore(ctx: GitHubContext): CommentStore {
  const ttl = parseDuration(ctx.config.lock_ttl);
  return createCommentStore({
    octokit: ctx.octokit,
    repo: ctx.repo,
    trustedWriters: ctx.identity.trusted,
    ...(ctx.stateKey ? { stateKey: ctx.stateKey } : {}),
    ...(ctx.alreadyListed ? { alreadyListed: ctx.alreadyListed } : {}),
    lock: ctx.lock ?? 'none',
    ...(ctx.leases ? { leases: ctx.leases } : {}),
    ...(ttl === undefined ? {} : { lockTtlMs: ttl }),
    // The process, not the delivery: one lock commit then serves every lease this process takes
    // for half a lease (ref-lock.ts), and the process mutex keeps its deliveries apart.
    lockHolder: leaseHolder(ctx.identity.login),
    protoFor: async (mol) => {
      const proto = await loadProto(ctx, mol);
      return proto.ok ? proto.value : undefined;
    },
    now: ctx.now,
    onProblem: (problem, comment) => {
      ctx.log.warn(`${problem.code}: ${problem.message}`);
      if (comment) ctx.onRejectedState?.(comment, problem);
    },
  });
}
