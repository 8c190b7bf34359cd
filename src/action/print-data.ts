/**
 * Text that came from data — the step prompt (issue-supplied vars in titles and descriptions), a
 * step's or a gate's output, messages quoting comments — printed so the runner cannot take a line
 * of it for a workflow command (`::add-mask::`, `::error ::`, `::set-env`, `##[…]`): between
 * `::stop-commands::<token>` and `::<token>::`, the token random and new each time, so nothing in
 * the text can end the fence early.
 */
import { randomBytes } from 'node:crypto';
import type { ActionIO } from './action-io.js';

export function printData(io: ActionIO, text: string): void {
  const end = openFence(io);
  io.write(text.endsWith('\n') ? text.slice(0, -1) : text);
  end();
}

/** Runs `fn` (which streams data with `io.write`) inside one fence. */
export async function fenced<T>(io: ActionIO, fn: () => Promise<T>): Promise<T> {
  const end = openFence(io);
  try {
    return await fn();
  } finally {
    end();
  }
}

function openFence(io: ActionIO): () => void {
  const token = randomBytes(16).toString('hex');
  io.info(`::stop-commands::${token}`);
  return () => {
    // The closing marker must start a line of its own, whatever the data ended with.
    io.write('\n');
    io.info(`::${token}::`);
  };
}
