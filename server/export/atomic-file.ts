import {promises as fs} from 'node:fs';
import path from 'node:path';

const PDF_HEADER = '%PDF-';
const PDF_TRAILER = '%%EOF';

/** True when the file starts like a PDF and ends with an end-of-file marker. */
export async function looksLikeCompletePdf(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await fs.open(file, 'r');
    const {size} = await handle.stat();
    if (size < PDF_HEADER.length + PDF_TRAILER.length) return false;
    const head = Buffer.alloc(PDF_HEADER.length);
    await handle.read(head, 0, head.length, 0);
    const tailLength = Math.min(1024, size);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    return head.toString('latin1') === PDF_HEADER && tail.toString('latin1').includes(PDF_TRAILER);
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}

/**
 * Moves a finished temporary file over its destination in one step. rename()
 * replaces a symlink at the destination instead of following it, and the
 * fsyncs make the new name survive a power cut.
 */
export async function commitFile(temporary: string, destination: string): Promise<void> {
  const handle = await fs.open(temporary, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, destination);
  const directory = await fs.open(path.dirname(destination), 'r');
  try {
    await directory.sync();
  } catch {
    // Some file systems cannot fsync a directory; the rename itself is still atomic.
  } finally {
    await directory.close();
  }
}

export async function removeQuietly(file: string): Promise<void> {
  // Retried: a directory a closing process still writes into fails with ENOTEMPTY.
  await fs.rm(file, {force: true, recursive: true, maxRetries: 3, retryDelay: 100}).catch(() => undefined);
}
