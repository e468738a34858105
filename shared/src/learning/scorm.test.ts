import { describe, expect, it } from 'vitest';
import { flattenCmi, isScormFrameMessage, scormLaunchData, scormOutcome } from './scorm.ts';

describe('SCORM CMI', () => {
  it('reads nested and flattened commits alike', () => {
    const nested = flattenCmi({ cmi: { core: { lesson_status: 'incomplete', lesson_location: 'p3' }, suspend_data: 'x' } });
    expect(nested.get('cmi.core.lesson_status')).toBe('incomplete');
    expect(nested.get('cmi.suspend_data')).toBe('x');
    expect(flattenCmi({ 'cmi.core.lesson_status': 'passed' }).get('cmi.core.lesson_status')).toBe('passed');
    expect(flattenCmi({ core: { lesson_status: 'passed' } }).get('cmi.core.lesson_status')).toBe('passed');
  });

  it('SCORM 1.2: completed or passed finishes; incomplete and failed do not', () => {
    expect(scormOutcome('1.2', { cmi: { core: { lesson_status: 'completed' } } })).toEqual({ finished: true, percent: 100 });
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'passed' }).finished).toBe(true);
    expect(scormOutcome('1.2', { cmi: { core: { lesson_status: 'incomplete' } } })).toEqual({ finished: false, percent: null });
    expect(scormOutcome('1.2', { cmi: { core: { lesson_status: 'failed' } } }).finished).toBe(false);
  });

  it('SCORM 2004: completion_status completed or success_status passed; progress_measure as the share', () => {
    expect(scormOutcome('2004', { cmi: { completion_status: 'completed' } }).finished).toBe(true);
    expect(scormOutcome('2004', { cmi: { completion_status: 'incomplete', success_status: 'passed' } }).finished).toBe(true);
    expect(scormOutcome('2004', { cmi: { completion_status: 'incomplete', progress_measure: '0.456' } })).toEqual({ finished: false, percent: 46 });
    expect(scormOutcome('2004', { 'cmi.progress_measure': 2 }).percent).toBe(100);
    expect(scormOutcome('2004', { cmi: { completion_status: 'unknown' } })).toEqual({ finished: false, percent: null });
    // a 1.2 status means nothing to a 2004 package
    expect(scormOutcome('2004', { cmi: { core: { lesson_status: 'completed' } } }).finished).toBe(false);
  });

  it('launch data: a fresh attempt after a normal exit, "resume" after a suspend; the wrapped {cmi} form is read too', () => {
    expect(scormLaunchData('1.2', {})).toEqual({});
    expect(scormLaunchData('1.2', null)).toEqual({});
    expect(scormLaunchData('1.2', { cmi: { core: { lesson_status: 'passed', exit: '' } } })).toEqual({ core: { lesson_status: 'passed', entry: '' } });
    expect(scormLaunchData('1.2', { core: { lesson_location: 'p3', exit: 'suspend', session_time: '00:10:00' }, suspend_data: 'abc' }))
      .toEqual({ core: { lesson_location: 'p3', entry: 'resume' }, suspend_data: 'abc' });
    expect(scormLaunchData('2004', { exit: 'suspend', session_time: 'PT1M', location: 'a' })).toEqual({ location: 'a', entry: 'resume' });
  });

  it('frame messages: only the four kinds, each with its CMI object', () => {
    expect(isScormFrameMessage({ type: 'lp-scorm', kind: 'commit', cmi: { core: {} } })).toBe(true);
    expect(isScormFrameMessage({ type: 'lp-scorm', kind: 'finish', cmi: {} })).toBe(true);
    expect(isScormFrameMessage({ type: 'lp-scorm', kind: 'delete', cmi: {} })).toBe(false);
    expect(isScormFrameMessage({ type: 'lp-scorm', kind: 'commit', cmi: 'x' })).toBe(false);
    expect(isScormFrameMessage({ type: 'other', kind: 'commit', cmi: {} })).toBe(false);
    expect(isScormFrameMessage('lp-scorm')).toBe(false);
    expect(isScormFrameMessage(null)).toBe(false);
  });
});
