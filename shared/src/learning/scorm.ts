/**
 * SCORM 1.2 and 2004 runtime data: the portal's scorm-again commits the CMI
 * data model, nested (`{cmi: {core: {lesson_status}}}`, its default "json" format) or flattened
 * (`{'cmi.core.lesson_status': …}`); the server keeps it per learner to resume the package and
 * reads the package's own completion from it.
 */
export type ScormVersion = '1.2' | '2004';

/** The stored CMI of one learner and package may not exceed this (JSON bytes). */
export const SCORM_CMI_MAX_BYTES = 256 * 1024;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every leaf of the CMI under its dotted name, always starting with `cmi.`, whichever format it came in. */
export function flattenCmi(cmi: Readonly<Record<string, unknown>>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (node: Readonly<Record<string, unknown>>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (isPlainObject(value)) walk(value, name);
      else out.set(name === 'cmi' || name.startsWith('cmi.') ? name : `cmi.${name}`, value);
    }
  };
  walk(cmi, '');
  return out;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().toLowerCase() : '');

export interface ScormOutcome {
  /** the package says the learner completed (or passed) it */
  finished: boolean;
  /** 0–100 from cmi.progress_measure (2004) when the package reports it; 100 once finished */
  percent: number | null;
}

/**
 * What a commit says about completion: SCORM 1.2 `cmi.core.lesson_status` completed or passed;
 * SCORM 2004 `cmi.completion_status` completed or `cmi.success_status` passed, with
 * `cmi.progress_measure` (0–1) as the share done.
 */
export function scormOutcome(version: ScormVersion, cmi: Readonly<Record<string, unknown>>): ScormOutcome {
  const data = flattenCmi(cmi);
  if (version === '1.2') {
    const status = text(data.get('cmi.core.lesson_status'));
    const finished = status === 'completed' || status === 'passed';
    return { finished, percent: finished ? 100 : null };
  }
  const finished = text(data.get('cmi.completion_status')) === 'completed' || text(data.get('cmi.success_status')) === 'passed';
  if (finished) return { finished, percent: 100 };
  const measure = Number(data.get('cmi.progress_measure'));
  const raw = data.get('cmi.progress_measure');
  if (raw === undefined || raw === null || raw === '' || !Number.isFinite(measure)) return { finished, percent: null };
  return { finished, percent: Math.max(0, Math.min(100, Math.round(measure * 100))) };
}

type Cmi = Record<string, unknown>;

// the LMS owns these: the runtime counts the session time itself and entry is derived below
const SESSION_ONLY = ['session_time', 'entry'] as const;

/**
 * What the content gets back on launch: the stored CMI (nested, or wrapped as `{cmi: …}`), with
 * `entry` set as an LMS sets it — SCORM 1.2 RTE 3.4.2 and 2004 RTE 4.2.10: "resume" after a
 * suspended session, otherwise a fresh attempt.
 */
export function scormLaunchData(version: ScormVersion, stored: Readonly<Cmi> | null | undefined): Cmi {
  const data = (stored && isPlainObject(stored.cmi) ? stored.cmi : stored) as Cmi | null | undefined;
  if (!data || Object.keys(data).length === 0) return {};
  const cmi: Cmi = { ...data };
  if (version === '1.2') {
    const core = { ...(isPlainObject(cmi.core) ? cmi.core : {}) };
    const suspended = core.exit === 'suspend';
    for (const key of SESSION_ONLY) delete core[key];
    delete core.exit;
    core.entry = suspended ? 'resume' : '';
    cmi.core = core;
  } else {
    const suspended = cmi.exit === 'suspend';
    for (const key of SESSION_ONLY) delete cmi[key];
    delete cmi.exit;
    cmi.entry = suspended ? 'resume' : '';
  }
  return cmi;
}

/**
 * What a SCORM package's page posts to the portal that frames it (docs/security.md):
 * the runtime lives in the package's own window, on the content origin, and only tells the
 * portal the CMI to save — when the session starts, changes, is committed and is finished.
 */
export interface ScormFrameMessage {
  type: 'lp-scorm';
  kind: 'initialize' | 'state' | 'commit' | 'finish';
  cmi: Cmi;
}

const FRAME_KINDS: ReadonlySet<string> = new Set(['initialize', 'state', 'commit', 'finish']);

export function isScormFrameMessage(data: unknown): data is ScormFrameMessage {
  if (!isPlainObject(data)) return false;
  return data.type === 'lp-scorm' && typeof data.kind === 'string' && FRAME_KINDS.has(data.kind) && isPlainObject(data.cmi);
}

/**
 * The sandbox of a package's frame (and, as a CSP, of its pages on the content origin): scripts,
 * forms, popups, dialogs and downloads — never allow-same-origin (the page gets an opaque
 * origin: no storage, no cookies, nothing of any origin readable) nor top navigation.
 */
export const PACKAGE_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-modals allow-downloads';
