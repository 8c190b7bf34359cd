// Bench folders are thrown away by moving them here; the pile goes when the whole run ends.
// Removing a folder at once would slow what the next section measures: on ext4 without a journal
// (this project's hosts), making a file skips every inode freed in its block group in the last
// minute or more, reading the inode table for each one. After one section had removed its few
// thousand files, the next section's `mol run` steps took up to twice as long.
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';

const TRASH = resolve(import.meta.dirname, '../../node_modules/.cache/mol-bench-trash');

export async function discard(dir) {
  await mkdir(TRASH, { recursive: true });
  await rename(dir, join(TRASH, basename(dir)));
}

export async function emptyTrash() {
  await rm(TRASH, { recursive: true, force: true });
}
