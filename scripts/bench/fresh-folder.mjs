// A folder for a benchmark's repositories, in the project as a user's checkout is, and in a part
// of the disk where nothing was removed lately. On ext4 without a journal (this project's hosts),
// making a file walks every inode freed in its block group in the last minute or more, reading the
// inode table for each: right after a bench section removed its repositories, a file made and
// removed beside them cost 0.5 ms where it costs 0.02 ms elsewhere, and `mol run` steps measured
// there took a third longer. ext4 places a new folder in its parent's group, but spreads the
// folders made in a `+T` (top of hierarchy) folder over the disk, as it does at the root; elsewhere
// `chattr` fails and the folder is made as usual.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const PARENT = resolve(import.meta.dirname, '../../node_modules/.cache/mol-bench');

export async function freshFolder(prefix) {
  await mkdir(PARENT, { recursive: true });
  await promisify(execFile)('chattr', ['+T', PARENT]).catch(() => {});
  return mkdtemp(join(PARENT, prefix));
}
