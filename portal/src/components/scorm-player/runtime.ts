import type { ScormState } from '@lp/shared';

type Cmi = Record<string, unknown>;

/** The part of scorm-again's API objects the bridge uses (both versions share it). */
interface ScormApi {
  loadFromJSON(json: Cmi, element?: string): void;
  renderCMIToJSONObject(): unknown;
  on(event: string, callback: () => void): void;
  isInitialized(): boolean;
  isTerminated(): boolean;
}

declare global {
  interface Window {
    /** SCORM 1.2 content looks for window.API in its parents */
    API?: unknown;
    /** SCORM 2004 content looks for window.API_1484_11 */
    API_1484_11?: unknown;
  }
}

export interface ScormBridgeOptions {
  /** PUT …/scorm/ with the CMI; keepalive when the page is going away */
  commit(cmi: Cmi, options: { keepalive: boolean }): Promise<void>;
  onCommitError?(error: unknown): void;
  /** after LMSFinish / Terminate and its commit: the content is done with this session */
  onFinish?(): void;
}

export interface ScormBridge {
  /** commits what the content left uncommitted and removes the API from the window */
  close(): Promise<void>;
}

// the LMS owns these: scorm-again counts the session time itself and entry is derived below
const SESSION_ONLY = { '1.2': ['session_time', 'entry'], '2004': ['session_time', 'entry'] } as const;

/** What the content gets back on launch: the stored CMI, with entry set as an LMS sets it. */
export function launchData(state: ScormState): Cmi {
  const stored = (state.cmi && typeof state.cmi.cmi === 'object' ? state.cmi.cmi : state.cmi) as Cmi | undefined;
  if (!stored || Object.keys(stored).length === 0) return {};
  const cmi: Cmi = { ...stored };
  if (state.version === '1.2') {
    const core = { ...(cmi.core as Cmi | undefined) };
    const suspended = core.exit === 'suspend';
    for (const key of SESSION_ONLY['1.2']) delete core[key];
    delete core.exit;
    // SCORM 1.2 RTE 3.4.2: "resume" after a suspended session, otherwise a fresh attempt
    core.entry = suspended ? 'resume' : '';
    cmi.core = core;
  } else {
    const suspended = cmi.exit === 'suspend';
    for (const key of SESSION_ONLY['2004']) delete cmi[key];
    delete cmi.exit;
    cmi.entry = suspended ? 'resume' : '';
  }
  return cmi;
}

/**
 * Starts scorm-again's runtime for the package's version with the learner's stored CMI, as
 * window.API (1.2) or window.API_1484_11 (2004), before the content's frame loads. scorm-again
 * sends nothing itself (lmsCommitUrl false): every LMSCommit/Commit and LMSFinish/Terminate is
 * saved through `commit`, one request after the other so the last state arrives last.
 */
export async function startScorm(state: ScormState, options: ScormBridgeOptions): Promise<ScormBridge> {
  const settings = { autocommit: false, lmsCommitUrl: false, logLevel: 5, throttleCommits: false };
  // the ESM builds export the class by name; the bundled typings declare a default export
  type ApiClass = new (options: never) => ScormApi;
  const pick = (module: unknown, name: string): ApiClass => {
    const exports = module as Record<string, ApiClass | undefined>;
    const found = exports[name] ?? exports.default;
    if (!found) throw new Error(`scorm-again: ${name} missing`);
    return found;
  };
  const Api = state.version === '1.2'
    ? pick(await import('scorm-again/scorm12'), 'Scorm12API')
    : pick(await import('scorm-again/scorm2004'), 'Scorm2004API');
  const api = new Api(settings as never);
  const data = launchData(state);
  if (Object.keys(data).length > 0) api.loadFromJSON(data, 'cmi');

  let queue: Promise<void> = Promise.resolve();
  const save = (keepalive = false): Promise<void> => {
    const rendered = api.renderCMIToJSONObject() as { cmi?: Cmi };
    const cmi = rendered.cmi ?? {};
    queue = queue.then(() => options.commit(cmi, { keepalive })).catch((error: unknown) => options.onCommitError?.(error));
    return queue;
  };
  const [commitEvent, finishEvent, key] = state.version === '1.2'
    ? ['LMSCommit', 'LMSFinish', 'API'] as const
    : ['Commit', 'Terminate', 'API_1484_11'] as const;
  api.on(commitEvent, () => void save());
  api.on(finishEvent, () => {
    void save().then(() => options.onFinish?.());
  });
  const open = () => api.isInitialized() && !api.isTerminated();
  // closing the tab mid-lesson: the browser lets a keepalive request outlive the page
  const onPageHide = () => {
    if (open()) void save(true);
  };
  window.addEventListener('pagehide', onPageHide);
  window[key] = api;

  return {
    async close() {
      window.removeEventListener('pagehide', onPageHide);
      if (window[key] === api) delete window[key];
      if (open()) await save();
      else await queue;
    },
  };
}
