import { isScormFrameMessage } from '@lp/shared/rules';

type Cmi = Record<string, unknown>;

export interface ScormFrameOptions {
  /** the package frame's window: the only sender listened to */
  source(): MessageEventSource | null;
  /** PUT …/scorm/ with the CMI; keepalive when the page is going away */
  commit(cmi: Cmi, options: { keepalive: boolean }): Promise<void>;
  onCommitError?(error: unknown): void;
  /**
   * the runtime started (LMSInitialize / Initialize): the package is shown, loaded — reported to
   * the server before any commit of the session, which it refuses before the opening
   */
  opened?(): Promise<void>;
  /** after LMSFinish / Terminate and its commit: the content is done with this session */
  onFinish?(): void;
  /** where messages arrive (the portal's window) */
  host?: Window;
}

export interface ScormFrameBridge {
  /** saves what the content left unsaved and stops listening */
  close(): Promise<void>;
}

/**
 * The portal's side of a SCORM package (docs/security.md "SCORM"): the runtime runs in
 * the package's own sandboxed window on the content origin and posts its CMI here; this saves
 * it through the API, one request after the other so the last state arrives last. Only messages
 * from the package's frame are heard, and only from the opaque origin ("null") its sandbox gives
 * it; anything else — another frame, another window, a message of another shape — is ignored.
 */
export function listenToScormFrame(options: ScormFrameOptions): ScormFrameBridge {
  const host = options.host ?? window;
  let open = false;
  let dirty = false;
  let latest: Cmi | null = null;
  let queue: Promise<void> = Promise.resolve();

  const save = (keepalive = false): Promise<void> => {
    const cmi = latest;
    if (!cmi) return queue;
    dirty = false;
    queue = queue.then(() => options.commit(cmi, { keepalive })).catch((error: unknown) => options.onCommitError?.(error));
    return queue;
  };

  const onMessage = (event: MessageEvent) => {
    const source = options.source();
    if (!source || event.source !== source || event.origin !== 'null') return;
    if (!isScormFrameMessage(event.data)) return;
    latest = event.data.cmi;
    switch (event.data.kind) {
      case 'initialize':
        open = true;
        if (options.opened) {
          const opened = options.opened;
          queue = queue.then(opened).catch((error: unknown) => options.onCommitError?.(error));
        }
        break;
      case 'state':
        dirty = true;
        break;
      case 'commit':
        void save();
        break;
      case 'finish':
        open = false;
        void save().then(() => options.onFinish?.());
        break;
    }
  };
  // closing the tab mid-lesson: the browser lets a keepalive request outlive the page
  const onPageHide = () => {
    if (open && dirty) void save(true);
  };
  host.addEventListener('message', onMessage);
  host.addEventListener('pagehide', onPageHide);

  return {
    async close() {
      host.removeEventListener('message', onMessage);
      host.removeEventListener('pagehide', onPageHide);
      if (open && dirty) await save();
      else await queue;
    },
  };
}
