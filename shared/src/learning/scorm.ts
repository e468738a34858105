/**
 * SCORM 1.2 and 2004 runtime data (issue 5 item 2): the portal's scorm-again commits the CMI
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
