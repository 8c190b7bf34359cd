import { Buffer } from 'node:buffer';

/**
 * GitHub rejects comment bodies over 65,536 characters and has been seen to drop oversize edits
 * silently; 60,000 UTF-8 bytes stays under that limit whatever the mix of characters.
 */
export const DEFAULT_STATE_BUDGET_BYTES = 60_000;

/** The budget counts bytes, not UTF-16 units: an emoji is 4 bytes but 2 units. */
export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
