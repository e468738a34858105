import { describe, expect, it } from 'vitest';
import { formatDuration, listenedPercent, podcastIsPublished, validatePlaylist, validatePodcast } from './podcasts.ts';

const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const valid = { title: 'Episódio 1', resource: 'upload', areas: [1], profiles: [2] };

describe('podcast rules (spec 3 §3 "Podcast", §4, §5)', () => {
  it('requires title and audio and an audience; checks status and the day to unpublish', () => {
    expect(validatePodcast(valid)).toEqual({});
    expect(validatePodcast({ areas: [1], profiles: [2] })).toEqual({ title: REQUIRED, resource: REQUIRED });
    expect(validatePodcast({ ...valid, status: 5 }).status).toBe('validation_error');
    expect(validatePodcast({ ...valid, date_to_unpublish: '2026-02-30' }).date_to_unpublish).toBe('validation_error');
    expect(validatePodcast({ ...valid, date_to_unpublish: '2026-12-31' })).toEqual({});
    expect(validatePodcast({ ...valid, areas: [] })).toEqual({ areas: REQUIRED });
  });

  it('is published while status is 1 and before its day to unpublish', () => {
    expect(podcastIsPublished(1, null, '2026-11-23')).toBe(true);
    expect(podcastIsPublished(1, '2026-11-24', '2026-11-23')).toBe(true);
    expect(podcastIsPublished(1, '2026-11-23', '2026-11-23')).toBe(false);
    expect(podcastIsPublished(2, null, '2026-11-23')).toBe(false);
  });

  it('validates a playlist: title and at least one podcast, each once', () => {
    expect(validatePlaylist({ title: 'Semana 1', podcasts: [3, 1] })).toEqual({});
    expect(validatePlaylist({ title: ' ', podcasts: [] })).toEqual({ title: REQUIRED, podcasts: REQUIRED });
    expect(validatePlaylist({ title: 'A', podcasts: [1, 1] }).podcasts).toBe('validation_error');
  });

  it('measures and shows durations', () => {
    expect(listenedPercent(45, 60)).toBe(75);
    expect(listenedPercent(70, 60)).toBe(100);
    expect(listenedPercent(10, 0)).toBe(0);
    expect(formatDuration(75.4)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('0:00');
  });
});
