import type { Config } from '../config.ts';
import type { PassOutcome } from './engine.ts';

export type ImportPass = 'validate' | 'process';

/** What the worker needs of the server's configuration (sent over IPC, never through argv or env). */
export type WorkerSettings = Pick<Config, 'dataDir' | 's3' | 'databaseUrl' | 'databaseSchema' | 'defaultUserPassword' | 'scryptLogN' | 'userImportPassword'>;

/** parent → worker: the one pass it runs */
export interface WorkerRequest {
  pass: ImportPass;
  importId: number;
  settings: WorkerSettings;
}

/** worker → parent */
export type WorkerMessage =
  | { type: 'heartbeat' }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; data: Record<string, unknown>; msg: string }
  /** maxRssMb: the worker's peak resident memory over its whole life */
  | { type: 'done'; outcome: PassOutcome; maxRssMb: number; cpuMs: number }
  | { type: 'failed'; message: string; stack: string | null };
