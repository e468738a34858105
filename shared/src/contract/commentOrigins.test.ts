import { describe, expect, it } from 'vitest';
import { COMMENT_ORIGINS, canModerateComments, commentsListPath, isCommentOrigin, publishCommentPath } from './commentOrigins.ts';

describe('comment paths (spec 2 §7.4)', () => {
  it('lists every origin at its own path', () => {
    expect(Object.fromEntries(COMMENT_ORIGINS.map((o) => [o, commentsListPath(o, 9)]))).toEqual({
      training: '/admin_group_trainings/group_trainings/9/comments/',
      trail: '/admin_trails/trails/9/comments/',
      trails: '/admin_trails/trails/9/trail_user_stars/',
      news: '/admin_news/news/9/comments/',
      podcast: '/admin_podcast/podcasts/9/comments/',
      presential: '/presential/presential_events/9/comments/',
      webcast: '/admin_webcasts/webcasts/9/comments/',
      live_class: '/admin_live_classes/live_classes/9/comments/',
    });
  });

  it('moderates only through the bases the spec names', () => {
    expect(publishCommentPath('training', 4)).toBe('/admin_group_trainings/group_trainings/4/publish_comment/');
    expect(publishCommentPath('presential', 4)).toBe('/presential/presential_events/4/publish_comment/');
    expect(COMMENT_ORIGINS.filter(canModerateComments)).toEqual(['training', 'trail', 'news', 'podcast', 'presential']);
    expect(publishCommentPath('webcast', 4)).toBeNull();
    expect(publishCommentPath('live_class', 4)).toBeNull();
  });

  it('recognises origins', () => {
    expect(isCommentOrigin('news')).toBe(true);
    expect(isCommentOrigin('forum')).toBe(false);
  });
});
