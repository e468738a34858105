import { describe, expect, it } from 'vitest';
import { embedPlayerUrl, moduleKindOf } from './player.ts';

describe('module kinds', () => {
  it('maps module type slugs to player kinds', () => {
    expect(moduleKindOf('video')).toBe('video');
    expect(moduleKindOf('slideshare')).toBe('slideshare');
    expect(moduleKindOf('something_new')).toBe('file');
  });
});

describe('embed player URLs (spec 2 §3.2)', () => {
  it('turns YouTube watch, short and share links into the privacy-enhanced player', () => {
    expect(embedPlayerUrl('youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedPlayerUrl('youtube', 'youtu.be/dQw4w9WgXcQ?t=1m30s')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90');
    expect(embedPlayerUrl('youtube', '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>'))
      .toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedPlayerUrl('youtube', 'https://www.youtube.com/shorts/aqz-KE-bpKQ')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
  });

  it('turns Vimeo pages into player URLs, keeping an unlisted hash', () => {
    expect(embedPlayerUrl('vimeo', 'https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(embedPlayerUrl('vimeo', 'https://vimeo.com/76979871/abcdef1234')).toBe('https://player.vimeo.com/video/76979871?h=abcdef1234');
    expect(embedPlayerUrl('vimeo', '<iframe src="https://player.vimeo.com/video/1?h=ff00aa"></iframe>')).toBe('https://player.vimeo.com/video/1?h=ff00aa');
  });

  it('frames SlideShare links over https, and refuses another service or nothing', () => {
    expect(embedPlayerUrl('slideshare', 'http://www.slideshare.net/slideshow/embed_code/key/abc')).toBe('https://www.slideshare.net/slideshow/embed_code/key/abc');
    expect(embedPlayerUrl('youtube', 'https://vimeo.com/1')).toBeNull();
    expect(embedPlayerUrl('vimeo', null)).toBeNull();
  });
});
