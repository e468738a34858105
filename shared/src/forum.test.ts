import { describe, expect, it } from 'vitest';
import {
  FORUM_LIMITS, FORUM_ROWS_PER_PAGE, FORUM_SEARCH_DEBOUNCE_MS, cleanForumText, forumAuthorPreview, forumReportedLabel, forumStatusLabel, forumTopicPreview, topicAcceptsReplies,
  validateForumReply, validateForumTopic,
} from './forum.ts';
import { FORUM_ADMIN_PATHS, FORUM_LEARNER_PATHS } from './contract/forum.ts';
import { formatDateTime } from './dates/index.ts';

describe('forum status labels (spec 2 §4.1, §4.11)', () => {
  it('names 1 published, 2 unpublished, 3 deleted, 4 closed, and any other value no', () => {
    expect([1, 2, 3, 4].map(forumStatusLabel)).toEqual(['published', 'unpublished', 'deleted', 'closed']);
    for (const other of [0, 5, -1, null, undefined, '1', 1.5]) expect(forumStatusLabel(other)).toBe('no');
  });

  it('shows reported yes only for report true', () => {
    expect(forumReportedLabel(true)).toBe('yes');
    for (const other of [false, null, undefined, 1, 'true']) expect(forumReportedLabel(other)).toBe('no');
  });

  it('accepts replies only on a published topic (a closed one accepts none)', () => {
    expect(topicAcceptsReplies(1)).toBe(true);
    expect([2, 3, 4].map(topicAcceptsReplies)).toEqual([false, false, false]);
  });
});

describe('forum truncation (spec 2 §2.3, spec 4 "Truncation")', () => {
  it('cuts a topic to 50 characters plus "..."', () => {
    const fifty = 'a'.repeat(50);
    expect(forumTopicPreview(fifty)).toBe(fifty);
    expect(forumTopicPreview(`${fifty}b`)).toBe(`${fifty}...`);
    expect(forumTopicPreview(null)).toBe('');
  });

  it('counts characters as a reader does (an emoji is one)', () => {
    const text = '😀'.repeat(51);
    expect(forumTopicPreview(text)).toBe(`${'😀'.repeat(50)}...`);
    expect(forumAuthorPreview('É'.repeat(30))).toBe('É'.repeat(25));
  });

  it('cuts an author to 25 characters', () => {
    expect(forumAuthorPreview('Maria Aparecida dos Santos Oliveira')).toBe('Maria Aparecida dos Santo');
    expect(forumAuthorPreview('Lia Learner')).toBe('Lia Learner');
    expect(forumAuthorPreview(undefined)).toBe('');
  });
});

describe('forum table constants and dates (spec 2 §2.3, spec 4)', () => {
  it('debounces search 500 ms and offers 5, 10, 50 and 100 rows', () => {
    expect(FORUM_SEARCH_DEBOUNCE_MS).toBe(500);
    expect(FORUM_ROWS_PER_PAGE).toEqual([5, 10, 50, 100]);
  });

  it('shows the updated date as DD/MM/YYYY HH:mm (MM-DD-YYYY HH:mm for other languages), in the given zone', () => {
    expect(formatDateTime('2026-11-21T09:05:00Z', 1)).toBe('21/11/2026 09:05');
    expect(formatDateTime('2026-11-21T23:59:00Z', 3)).toBe('21/11/2026 23:59');
    expect(formatDateTime('2026-11-21T00:00:00Z', 2)).toBe('11-21-2026 00:00');
    expect(formatDateTime('2026-11-21T12:30:00Z', 1, 'America/Sao_Paulo')).toBe('21/11/2026 09:30');
    expect(formatDateTime('not a date', 1)).toBe('');
    expect(formatDateTime(null, 1)).toBe('');
  });
});

describe('forum text (plain text, normalised)', () => {
  it('keeps markup as typed text, drops control characters and trims', () => {
    expect(cleanForumText('  <b>oi</b>\u0000\u0007 ')).toBe('<b>oi</b>');
    expect(cleanForumText('a\r\nb\rc')).toBe('a\nb\nc');
    expect(cleanForumText('a\n\n\n\nb')).toBe('a\n\nb');
    expect(cleanForumText('e\u0301')).toBe('é');
  });

  it('makes a title one line', () => {
    expect(cleanForumText(' Como\n  vender\tmais ', { singleLine: true })).toBe('Como vender mais');
  });

  it('requires a subject ≤ 256 and limits the body', () => {
    expect(validateForumTopic({ title: '', text: '' })).toEqual({ title: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateForumTopic({ title: 'x'.repeat(FORUM_LIMITS.titleMax), text: '' })).toEqual({});
    expect(validateForumTopic({ title: 'x'.repeat(257), text: 'y'.repeat(10_001) })).toEqual({ title: 'title_too_long', text: 'forum_text_too_long' });
  });

  it('requires a reply text ≤ 10 000', () => {
    expect(validateForumReply({ text: '' })).toEqual({ text: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateForumReply({ text: 'ok' })).toEqual({});
    expect(validateForumReply({ text: 'y'.repeat(10_001) })).toEqual({ text: 'forum_text_too_long' });
  });
});

describe('forum paths', () => {
  it('keeps the §7.1 list path and nests the designed calls under it', () => {
    expect(FORUM_ADMIN_PATHS.topics(7)).toBe('/admin_group_trainings/group_trainings/7/group_training_forum/list_all_topic/');
    expect(FORUM_ADMIN_PATHS.topicStatus(7, 3)).toBe('/admin_group_trainings/group_trainings/7/group_training_forum/3/change_status/');
    expect(FORUM_ADMIN_PATHS.replyUnreport(7, 3, 9)).toBe('/admin_group_trainings/group_trainings/7/group_training_forum/3/answers/9/unreport/');
    expect(FORUM_LEARNER_PATHS.replies(7, 3)).toBe('/group_trainings/7/forum/topics/3/answers/');
  });
});
