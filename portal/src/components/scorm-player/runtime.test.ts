import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScormState } from '@lp/shared';
import { launchData, startScorm } from './runtime.ts';

type Cmi = Record<string, unknown>;
type Api12 = { LMSInitialize(p: string): string; LMSGetValue(e: string): string; LMSSetValue(e: string, v: string): string; LMSCommit(p: string): string; LMSFinish(p: string): string };
type Api2004 = { Initialize(p: string): string; GetValue(e: string): string; SetValue(e: string, v: string): string; Commit(p: string): string; Terminate(p: string): string };

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SCORM bridge (scorm-again, for real in jsdom)', () => {
  afterEach(() => {
    delete window.API;
    delete window.API_1484_11;
  });

  it('SCORM 1.2: window.API resumes the stored CMI and commits it on LMSCommit and LMSFinish', async () => {
    const commits: Cmi[] = [];
    const onFinish = vi.fn();
    const state: ScormState = {
      version: '1.2', launch_url: '/media/scorm/1/index.html',
      cmi: { core: { lesson_location: 'page-3', lesson_status: 'incomplete', exit: 'suspend', session_time: '00:10:00' }, suspend_data: 'abc' },
    };
    const bridge = await startScorm(state, { commit: async (cmi) => { commits.push(cmi); }, onFinish });
    const api = window.API as Api12;
    expect(api.LMSInitialize('')).toBe('true');
    expect(api.LMSGetValue('cmi.core.lesson_location')).toBe('page-3');
    expect(api.LMSGetValue('cmi.suspend_data')).toBe('abc');
    // a suspended session comes back as "resume" (SCORM 1.2 RTE 3.4.2)
    expect(api.LMSGetValue('cmi.core.entry')).toBe('resume');
    api.LMSSetValue('cmi.core.lesson_status', 'completed');
    api.LMSSetValue('cmi.core.score.raw', '80');
    expect(api.LMSCommit('')).toBe('true');
    await flush();
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatchObject({ core: { lesson_status: 'completed', lesson_location: 'page-3', score: { raw: '80' } }, suspend_data: 'abc' });
    expect(api.LMSFinish('')).toBe('true');
    await flush();
    expect(commits).toHaveLength(2);
    expect(onFinish).toHaveBeenCalledOnce();
    await bridge.close();
    expect(window.API).toBeUndefined();
    // already finished: closing sends nothing more
    expect(commits).toHaveLength(2);
  });

  it('SCORM 2004: window.API_1484_11 commits on Commit; leaving mid-session commits what is left', async () => {
    const commits: Cmi[] = [];
    const bridge = await startScorm({ version: '2004', launch_url: '/x/index.html', cmi: { location: 'p2' } }, {
      commit: async (cmi) => { commits.push(cmi); },
    });
    expect(window.API).toBeUndefined();
    const api = window.API_1484_11 as Api2004;
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('cmi.location')).toBe('p2');
    api.SetValue('cmi.progress_measure', '0.5');
    api.Commit('');
    await flush();
    expect(commits.at(-1)).toMatchObject({ location: 'p2', progress_measure: '0.5' });
    api.SetValue('cmi.location', 'p3');
    await bridge.close();
    expect(commits).toHaveLength(2);
    expect(commits.at(-1)).toMatchObject({ location: 'p3' });
    expect(window.API_1484_11).toBeUndefined();
  });

  it('tells of a failed commit', async () => {
    const onCommitError = vi.fn();
    await startScorm({ version: '1.2', launch_url: '/x', cmi: {} }, {
      commit: () => Promise.reject(new Error('offline')), onCommitError,
    });
    const api = window.API as Api12;
    api.LMSInitialize('');
    api.LMSCommit('');
    await flush();
    expect(onCommitError).toHaveBeenCalledOnce();
  });

  it('launch data: a fresh attempt after a normal exit; the wrapped {cmi} form is read too', () => {
    expect(launchData({ version: '1.2', launch_url: '', cmi: {} })).toEqual({});
    expect(launchData({ version: '1.2', launch_url: '', cmi: { cmi: { core: { lesson_status: 'passed', exit: '' } } } }))
      .toEqual({ core: { lesson_status: 'passed', entry: '' } });
    expect(launchData({ version: '2004', launch_url: '', cmi: { exit: 'suspend', session_time: 'PT1M', location: 'a' } }))
      .toEqual({ location: 'a', entry: 'resume' });
  });
});
