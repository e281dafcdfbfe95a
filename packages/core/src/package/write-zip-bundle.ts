import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { BUNDLE_TIMESTAMP, type BundleEntry, bundleMode } from './bundle-entries.js';

/**
 * Streams a deterministic `.zip` of `entries` (yazl): fixed local-time DOS timestamps and no
 * extended-timestamp field (its UTC value would depend on the time zone), normalised modes, entries
 * in the given order, deflate at the default level.
 */
export function writeZipBundle(entries: readonly BundleEntry[]): Readable {
  const zip = new yazl.ZipFile();
  const mtime = new Date(BUNDLE_TIMESTAMP.year, BUNDLE_TIMESTAMP.month, BUNDLE_TIMESTAMP.day);
  for (const entry of entries) {
    if (entry.type === 'directory') {
      zip.addEmptyDirectory(`${entry.path}/`, {
        mtime,
        mode: 0o040000 | bundleMode(entry),
        forceDosTimestamp: true,
      });
    } else {
      zip.addFile(entry.absolutePath, entry.path, {
        mtime,
        mode: 0o100000 | bundleMode(entry),
        forceDosTimestamp: true,
        compress: true,
      });
    }
  }
  zip.end();
  return zip.outputStream as Readable;
}
