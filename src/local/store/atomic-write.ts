/**
 * A state file is either the old version or the new one, never half of each, even if the machine
 * loses power: write a temp file in the same directory, fsync it, rename it over, fsync the directory
 * (the rename itself lives in the directory's data).
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fullDiskPoint } from '../../runner/crash-point.js';

export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const dir = dirname(path);
  // Dot-prefixed so listings skip it; unique so two writers never share one temp file.
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(tmp, 'wx');
  try {
    fullDiskPoint();
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(tmp, { force: true });
    // A full disk, a lost mount: named with its path, for whoever has to make room.
    throw Object.assign(new Error(`cannot write ${path}: ${(error as Error).message}`), {
      code: (error as NodeJS.ErrnoException).code,
    });
  }
  await handle.close();
  try {
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/** Makes a rename or unlink in `dir` durable. Some platforms cannot open a directory: nothing to do there. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw error;
  } finally {
    await handle?.close();
  }
}
