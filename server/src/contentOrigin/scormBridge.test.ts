import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { JSDOM, type DOMWindow } from 'jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
const dist = path.dirname(require.resolve('scorm-again'));
const RUNTIME = { '1.2': fs.readFileSync(path.join(dist, 'scorm12.min.js'), 'utf8'), '2004': fs.readFileSync(path.join(dist, 'scorm2004.min.js'), 'utf8') };
const BRIDGE = fs.readFileSync(path.join(import.meta.dirname, 'scormBridge.js'), 'utf8');

type Api12 = { LMSInitialize(p: string): string; LMSGetValue(e: string): string; LMSSetValue(e: string, v: string): string; LMSCommit(p: string): string; LMSFinish(p: string): string; LMSGetLastError(): string };
type Api2004 = { Initialize(p: string): string; GetValue(e: string): string; SetValue(e: string, v: string): string; Commit(p: string): string; Terminate(p: string): string };
interface Posted { type: string; kind: string; cmi: Record<string, unknown> }

const doms: JSDOM[] = [];
afterEach(() => { for (const dom of doms.splice(0)) dom.window.close(); });
/** time for what would be posted to arrive (postMessage is asynchronous) */
const tick = () => new Promise((resolve) => setTimeout(resolve, 50));
const kinds = (posted: Posted[]) => posted.map((p) => p.kind);

/**
 * The portal (http://app.test) framing a package page: the runtime and the bridge run in the
 * frame's window exactly as the content origin serves them; what reaches the portal is recorded.
 */
function framedPackage(version: '1.2' | '2004', cmi: Record<string, unknown>, parent = 'http://app.test') {
  const portal = new JSDOM('<!doctype html><iframe></iframe>', { url: 'http://app.test/courses/1', runScripts: 'dangerously' });
  doms.push(portal);
  const posted: Posted[] = [];
  portal.window.addEventListener('message', (event: { data: unknown }) => posted.push(event.data as Posted));
  const frame = portal.window.document.querySelector('iframe')!.contentWindow! as unknown as DOMWindow & { API?: Api12; API_1484_11?: Api2004 };
  frame.eval(RUNTIME[version]);
  frame.eval(`${BRIDGE}\nlpScormBridge(${JSON.stringify({ version, parent, cmi })});`);
  return { frame, posted };
}

describe('the SCORM runtime served into package pages (scormBridge.js over scorm-again)', () => {
  it('SCORM 1.2: window.API answers synchronously from the inlined CMI and posts each step to the portal', async () => {
    const { frame, posted } = framedPackage('1.2', { core: { lesson_location: 'p3', lesson_status: 'incomplete', entry: 'resume' }, suspend_data: 'abc' });
    const api = frame.API!;
    expect(api.LMSInitialize('')).toBe('true');
    expect(api.LMSGetValue('cmi.core.lesson_location')).toBe('p3');
    expect(api.LMSGetValue('cmi.suspend_data')).toBe('abc');
    expect(api.LMSGetValue('cmi.core.entry')).toBe('resume');
    // the runtime checks values itself, as an LMS would
    expect(api.LMSSetValue('cmi.core.lesson_status', 'nonsense')).toBe('false');
    expect(api.LMSGetLastError()).not.toBe('0');
    expect(api.LMSSetValue('cmi.core.lesson_status', 'completed')).toBe('true');
    expect(api.LMSSetValue('cmi.core.score.raw', '80')).toBe('true');
    await vi.waitFor(() => expect(kinds(posted)).toEqual(['initialize', 'state']));
    expect(api.LMSCommit('')).toBe('true');
    await vi.waitFor(() => expect(posted).toHaveLength(3));
    expect(posted.at(-1)).toMatchObject({ type: 'lp-scorm', kind: 'commit', cmi: { core: { lesson_status: 'completed', lesson_location: 'p3', score: { raw: '80' } }, suspend_data: 'abc' } });
    expect(api.LMSFinish('')).toBe('true');
    await vi.waitFor(() => expect(kinds(posted)).toEqual(['initialize', 'state', 'commit', 'finish']));
  });

  it('SCORM 2004: window.API_1484_11, the same steps', async () => {
    const { frame, posted } = framedPackage('2004', { location: 'p2', entry: 'resume' });
    expect(frame.API).toBeUndefined();
    const api = frame.API_1484_11!;
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('cmi.location')).toBe('p2');
    expect(api.SetValue('cmi.progress_measure', '0.5')).toBe('true');
    expect(api.Commit('')).toBe('true');
    await vi.waitFor(() => expect(kinds(posted)).toEqual(['initialize', 'commit']));
    // the change waiting to be posted went with the commit
    await tick();
    expect(kinds(posted)).toEqual(['initialize', 'commit']);
    expect(posted.at(-1)?.cmi).toMatchObject({ location: 'p2', progress_measure: '0.5' });
    expect(api.Terminate('')).toBe('true');
    await vi.waitFor(() => expect(kinds(posted)).toEqual(['initialize', 'commit', 'finish']));
  });

  it('posts to the portal origin only: a top window at any other origin hears nothing', async () => {
    const { frame, posted } = framedPackage('1.2', {}, 'http://elsewhere.test');
    frame.API!.LMSInitialize('');
    frame.API!.LMSCommit('');
    await tick();
    expect(posted).toEqual([]);
  });

  it('a launch link opened on its own: the package still finds its API, and nothing is posted', async () => {
    const page = new JSDOM('<!doctype html><p>pkg</p>', { url: 'http://content.test/m/x/index.html', runScripts: 'outside-only' });
    doms.push(page);
    const posted: unknown[] = [];
    page.window.addEventListener('message', (event: { data: unknown }) => posted.push(event.data));
    page.window.eval(RUNTIME['1.2']);
    page.window.eval(`${BRIDGE}\nlpScormBridge(${JSON.stringify({ version: '1.2', parent: 'http://app.test', cmi: {} })});`);
    const api = (page.window as unknown as { API: Api12 }).API;
    expect(api.LMSInitialize('')).toBe('true');
    expect(api.LMSSetValue('cmi.core.lesson_status', 'completed')).toBe('true');
    expect(api.LMSCommit('')).toBe('true');
    await tick();
    expect(posted).toEqual([]);
  });
});
