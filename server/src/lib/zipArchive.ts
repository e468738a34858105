import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** A zip archive read through its central directory: entries addressable in any order. */
export interface ZipArchive {
  /** entry path → entry (directories included, with their trailing slash) */
  readonly entries: ReadonlyMap<string, yauzl.Entry>;
  /** the entry's uncompressed bytes as a stream; yauzl checks they match the declared size */
  open(entry: yauzl.Entry): Promise<Readable>;
  close(): void;
}

export class ZipArchiveError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ZipArchiveError';
  }
}

/**
 * Opens `file` and reads its central directory. yauzl refuses unsafe names (absolute paths,
 * `..`) when it decodes them and validates every entry's size as it inflates, so a lying
 * header (a classic bomb) fails while it is read instead of filling the disk or the heap.
 */
export async function openZipArchive(file: string): Promise<ZipArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw new ZipArchiveError(`not a zip archive (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  } catch (error) {
    zip.close();
    throw new ZipArchiveError(`the archive's directory is damaged (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  return {
    entries,
    async open(entry) {
      try {
        return await zip.openReadStreamPromise(entry);
      } catch (error) {
        throw new ZipArchiveError(`${entry.fileName} cannot be read (${error instanceof Error ? error.message : String(error)})`, { cause: error });
      }
    },
    close: () => zip.close(),
  };
}
