import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Report files live under $DATA_DIR/reports/ (DESIGN "One server, one origin"). */
export function reportsDir(dataDir: string): string {
  return path.join(dataDir, 'reports');
}

/** A random, unguessable file name; the download link never shows it. */
export function newReportFileName(): string {
  return `${randomBytes(18).toString('base64url')}.xlsx`;
}

const SAFE_NAME = /^[A-Za-z0-9_-]{24}\.xlsx$/;

/** The path of a stored report file; null for a name this module did not make. */
export function reportFilePath(dataDir: string, fileName: string): string | null {
  return SAFE_NAME.test(fileName) ? path.join(reportsDir(dataDir), fileName) : null;
}

export async function removeReportFile(dataDir: string, fileName: string | null): Promise<void> {
  const file = fileName ? reportFilePath(dataDir, fileName) : null;
  if (file) await fs.rm(file, { force: true });
}
