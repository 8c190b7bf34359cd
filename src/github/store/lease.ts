/**
 * A lease on one molecule shared by every process that writes it: whoever holds the lock ref
 * `refs/molecular/locks/<id>` may read the state comment, change it and write it back. Two keepers
 * take it: over the REST API (ref-lock.ts: create the ref, delete it) and over git (a push with
 * `--force-with-lease`, which costs no API request; src/shell/github/git-lease.ts). Both read and
 * write the same lock commits (lock-record.ts), so an App and an Action job exclude each other.
 */
import type { Result } from '../../engine/index.js';

export interface RefLease {
  ref: string;
  /** The lock commit the ref points at while we hold it. */
  sha: string;
  holder: string;
  expiresAt: Date;
  /**
   * The rev the previous holder recorded when it gave the lease back: a read of the state comment
   * under this lease showing less is a lagging replica, not the truth. Undefined when unknown.
   */
  minRev?: number;
  /**
   * The lock ref did not exist before this lease. A keeper that records the rev leaves the ref in
   * place when it gives a lease back, so none of its holders has written this molecule.
   */
  fresh?: true;
}

export interface LeaseKeeper {
  /**
   * True when `release` records the rev it is given in the lock ref, where the next holder finds
   * it: writes under such a lease trust the edit's answer instead of reading the comment back.
   */
  readonly recordsRev: boolean;
  acquire(molId: string): Promise<Result<RefLease>>;
  /** Gives the lease back; `rev` is the molecule's highest rev the holder wrote or read. */
  release(lease: RefLease, rev: number | undefined): Promise<void>;
}
