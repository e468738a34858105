import { randomBytes } from 'node:crypto';
import type { FileStorage } from '../storage/index.ts';

/** A random, unguessable file name; the download link never shows it. */
export function newReportFileName(): string {
  return `${randomBytes(18).toString('base64url')}.xlsx`;
}

const SAFE_NAME = /^[A-Za-z0-9_-]{24}\.xlsx$/;

/** The storage key of a report file (reports/…, DESIGN "Files and media"); null for a name this module did not make. */
export function reportKey(fileName: string): string | null {
  return SAFE_NAME.test(fileName) ? `reports/${fileName}` : null;
}

export async function removeReportFile(storage: FileStorage, fileName: string | null): Promise<void> {
  const key = fileName ? reportKey(fileName) : null;
  if (key) await storage.remove(key);
}
