/**
 * What a lock commit says, read and written by every kind of lease (ref-lock.ts over the REST API,
 * the git lease of src/shell/github over a push): a commit with the empty tree whose message is a
 * title and one JSON line. A lease being held names its holder and when it runs out; a lease given
 * back by a holder that records what it wrote says `released` and the highest `rev` of the
 * molecule it left, so the next holder can tell a lagging read of the state comment from the truth.
 * A released record's `expiresAt` is the moment of release: to a waiter it is a stale lease,
 * taken over at once.
 */

export const LOCK_MESSAGE_TITLE = 'molecular lock';

export interface LockRecord {
  holder: string;
  expiresAt: string;
  /** The molecule's highest rev when the lease was given back; absent while held. */
  rev?: number;
  released?: true;
}

export function formatLockRecord(record: LockRecord): string {
  return `${LOCK_MESSAGE_TITLE}\n\n${JSON.stringify(record)}\n`;
}

/** The record of a lock commit's message; undefined when the message is not one of ours. */
export function parseLockRecord(message: string): LockRecord | undefined {
  if (!message.startsWith(LOCK_MESSAGE_TITLE)) return undefined;
  try {
    const record = JSON.parse(message.slice(LOCK_MESSAGE_TITLE.length).trim()) as Partial<LockRecord>;
    if (typeof record.holder !== 'string' || typeof record.expiresAt !== 'string') return undefined;
    if (Number.isNaN(Date.parse(record.expiresAt))) return undefined;
    const rev = Number.isSafeInteger(record.rev) && (record.rev as number) >= 0 ? record.rev : undefined;
    return {
      holder: record.holder,
      expiresAt: record.expiresAt,
      ...(rev !== undefined ? { rev } : {}),
      ...(record.released === true ? { released: true as const } : {}),
    };
  } catch {
    return undefined;
  }
}
