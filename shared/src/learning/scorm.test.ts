import { describe, expect, it } from 'vitest';
import { flattenCmi, scormOutcome } from './scorm.ts';

describe('SCORM CMI (issue 5 item 2)', () => {
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
});
