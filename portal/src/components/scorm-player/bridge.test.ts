import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenToScormFrame } from './bridge.ts';

type Cmi = Record<string, unknown>;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A package frame in the page, and a way to post as it (or as anyone else). */
function packageFrame() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const post = (data: unknown, { origin = 'null', source = frame.contentWindow as MessageEventSource | null } = {}) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  return { frame, post };
}

describe('SCORM frame bridge (docs/security.md "SCORM")', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('saves each commit and the finish, in order, then tells of the finish', async () => {
    const { frame, post } = packageFrame();
    const commits: Cmi[] = [];
    const onFinish = vi.fn();
    const bridge = listenToScormFrame({ source: () => frame.contentWindow, commit: async (cmi) => { commits.push(cmi); }, onFinish });
    post({ type: 'lp-scorm', kind: 'initialize', cmi: { core: { lesson_location: 'p3' } } });
    post({ type: 'lp-scorm', kind: 'state', cmi: { core: { lesson_location: 'p4' } } });
    post({ type: 'lp-scorm', kind: 'commit', cmi: { core: { lesson_location: 'p4', lesson_status: 'completed' } } });
    await flush();
    expect(commits).toEqual([{ core: { lesson_location: 'p4', lesson_status: 'completed' } }]);
    post({ type: 'lp-scorm', kind: 'finish', cmi: { core: { lesson_status: 'completed', exit: '' } } });
    await flush();
    expect(commits).toHaveLength(2);
    expect(onFinish).toHaveBeenCalledOnce();
    // finished: closing saves nothing more
    await bridge.close();
    expect(commits).toHaveLength(2);
  });

  it("reports the package opened when its runtime starts, before the session's first commit is saved", async () => {
    const { frame, post } = packageFrame();
    const steps: string[] = [];
    let answerOpened: () => void = () => undefined;
    const opened = vi.fn(() => new Promise<void>((resolve) => {
      steps.push('opened sent');
      answerOpened = () => {
        steps.push('opened answered');
        resolve();
      };
    }));
    const bridge = listenToScormFrame({ source: () => frame.contentWindow, commit: async () => { steps.push('commit'); }, opened });
    post({ type: 'lp-scorm', kind: 'commit', cmi: { core: { lesson_status: 'incomplete' } } });
    await flush();
    // a commit with no session started yet is saved as before (the server judges it)
    expect(steps).toEqual(['commit']);
    steps.length = 0;
    post({ type: 'lp-scorm', kind: 'initialize', cmi: {} });
    post({ type: 'lp-scorm', kind: 'commit', cmi: { core: { lesson_status: 'completed' } } });
    await flush();
    expect(steps).toEqual(['opened sent']);
    answerOpened();
    await flush();
    expect(steps).toEqual(['opened sent', 'opened answered', 'commit']);
    expect(opened).toHaveBeenCalledOnce();
    await bridge.close();
  });

  it('hears only its frame, at the opaque origin of its sandbox, with the message shape', async () => {
    const { frame, post } = packageFrame();
    const other = document.createElement('iframe');
    document.body.append(other);
    const commit = vi.fn(async () => undefined);
    const bridge = listenToScormFrame({ source: () => frame.contentWindow, commit });
    const message = { type: 'lp-scorm', kind: 'commit', cmi: { core: { lesson_status: 'passed' } } };
    post(message, { source: other.contentWindow });
    post(message, { source: null });
    post(message, { origin: 'https://evil.example' });
    post(message, { origin: window.location.origin });
    post({ ...message, kind: 'delete' });
    post({ ...message, cmi: 'completed' });
    await flush();
    expect(commit).not.toHaveBeenCalled();
    post(message);
    await flush();
    expect(commit).toHaveBeenCalledOnce();
    await bridge.close();
  });

  it('leaving mid-session saves what the content left; the tab closing saves with keepalive', async () => {
    const { frame, post } = packageFrame();
    const commit = vi.fn(async (_cmi: Cmi, _options: { keepalive: boolean }) => undefined);
    const bridge = listenToScormFrame({ source: () => frame.contentWindow, commit });
    post({ type: 'lp-scorm', kind: 'initialize', cmi: {} });
    post({ type: 'lp-scorm', kind: 'state', cmi: { location: 'p2' } });
    window.dispatchEvent(new Event('pagehide'));
    await flush();
    expect(commit).toHaveBeenLastCalledWith({ location: 'p2' }, { keepalive: true });
    post({ type: 'lp-scorm', kind: 'state', cmi: { location: 'p3' } });
    await bridge.close();
    expect(commit).toHaveBeenLastCalledWith({ location: 'p3' }, { keepalive: false });
    expect(commit).toHaveBeenCalledTimes(2);
    // closed: nothing more is heard
    post({ type: 'lp-scorm', kind: 'commit', cmi: {} });
    await flush();
    expect(commit).toHaveBeenCalledTimes(2);
  });

  it('tells of a failed save', async () => {
    const { frame, post } = packageFrame();
    const onCommitError = vi.fn();
    const bridge = listenToScormFrame({ source: () => frame.contentWindow, commit: () => Promise.reject(new Error('offline')), onCommitError });
    post({ type: 'lp-scorm', kind: 'commit', cmi: {} });
    await flush();
    expect(onCommitError).toHaveBeenCalledOnce();
    await bridge.close();
  });
});
