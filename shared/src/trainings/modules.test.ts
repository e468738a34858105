import { describe, expect, it } from 'vitest';
import {
  checkMaterialFile, checkModuleFile, editorImageArea, editorImageDirectory, editorImageExtensions, embedUrlFor, fileExtension,
  moduleAccept, moduleFileLocked, moduleTypeLocked, validateMaterialForm, validateModuleForm, type ModuleTypeInfo,
} from './modules.ts';

const VIDEO: ModuleTypeInfo = { id: 1, slug: 'video', use_embed: false };
const YOUTUBE: ModuleTypeInfo = { id: 8, slug: 'youtube', use_embed: true };
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const MB = 1024 * 1024;

describe('module form (spec 2 §5.2)', () => {
  it('needs a title (≤ 256), a type and a file or embed', () => {
    expect(validateModuleForm({}, undefined)).toEqual({ title: REQUIRED, group_training_module_type: REQUIRED, resource: REQUIRED });
    expect(validateModuleForm({ title: '  ', group_training_module_type: '1', resource: 'abc' }, VIDEO)).toEqual({ title: REQUIRED });
    expect(validateModuleForm({ title: 'x'.repeat(257), group_training_module_type: 1, resource: 'abc' }, VIDEO)).toEqual({ title: 'title_too_long' });
    expect(validateModuleForm({ title: 'ç'.repeat(256), group_training_module_type: 1, resource: 'abc' }, VIDEO)).toEqual({});
    expect(validateModuleForm({ title: 'A', group_training_module_type: '99', resource: 'abc' }, undefined)).toEqual({ group_training_module_type: 'validation_error' });
  });

  it('takes module_score ≥ 0 (blank = 0), status 1 or 2 and a calendar day', () => {
    const base = { title: 'A', group_training_module_type: '1', resource: 'abc' };
    expect(validateModuleForm({ ...base, module_score: '', status: '', avaliable_in: '' }, VIDEO)).toEqual({});
    expect(validateModuleForm({ ...base, module_score: '-1' }, VIDEO)).toEqual({ module_score: 'score_out_of_range' });
    expect(validateModuleForm({ ...base, module_score: '1.5' }, VIDEO)).toEqual({ module_score: 'validation_error' });
    expect(validateModuleForm({ ...base, module_score: '10', status: '2', avaliable_in: '2026-02-28' }, VIDEO)).toEqual({});
    // spec 2 §4.2: 3 (deleted) is not set through the form
    expect(validateModuleForm({ ...base, status: '3' }, VIDEO)).toEqual({ status: 'validation_error' });
    expect(validateModuleForm({ ...base, avaliable_in: '2026-02-30' }, VIDEO)).toEqual({ avaliable_in: 'validation_error' });
    expect(validateModuleForm({ ...base, avaliable_in: '30/01/2026' }, VIDEO)).toEqual({ avaliable_in: 'validation_error' });
  });

  it('embed types take a URL or an iframe of their hosting service only', () => {
    const base = { title: 'A', group_training_module_type: '8' };
    for (const ok of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtu.be/dQw4w9WgXcQ',
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>',
    ]) expect(validateModuleForm({ ...base, resource: ok }, YOUTUBE), ok).toEqual({});
    for (const bad of [
      'https://evil.example/watch?v=1',
      'https://youtube.com.evil.example/x',
      'javascript:alert(1)',
      '<iframe src="https://evil.example/embed"></iframe>',
      '<iframe src="https://www.youtube.com/embed/x"></iframe><script>alert(1)</script>',
      '<script src="https://www.youtube.com/x"></script>',
    ]) expect(validateModuleForm({ ...base, resource: bad }, YOUTUBE), bad).toEqual({ resource: 'invalid_embed' });
    expect(embedUrlFor('vimeo', 'https://player.vimeo.com/video/1')).toBe('https://player.vimeo.com/video/1');
    expect(embedUrlFor('slideshare', 'https://www.slideshare.net/slideshow/embed_code/key/abc')).toMatch(/^https:\/\/www\.slideshare\.net\//);
    expect(embedUrlFor('video', 'https://www.youtube.com/watch?v=1')).toBeNull();
  });
});

describe('module locks (spec 2 §4.2)', () => {
  const video = { slug: 'video', qty_views: 0, qty_progress: 0, exists: true };
  it('locks the type of a video with views or progress', () => {
    expect(moduleTypeLocked(video)).toBe(false);
    expect(moduleTypeLocked({ ...video, qty_views: 1 })).toBe(true);
    expect(moduleTypeLocked({ ...video, qty_progress: 1 })).toBe(true);
    expect(moduleTypeLocked({ ...video, slug: 'pdf', qty_progress: 3 })).toBe(false);
  });
  it('locks the file of a video with views, or of a module with progress', () => {
    expect(moduleFileLocked({ ...video, qty_views: 1 })).toBe(true);
    expect(moduleFileLocked({ ...video, slug: 'pdf', qty_views: 5 })).toBe(false);
    expect(moduleFileLocked({ ...video, slug: 'pdf', qty_progress: 1 })).toBe(true);
    expect(moduleFileLocked({ ...video, exists: false, qty_progress: 1 })).toBe(false);
  });
});

describe('upload formats (spec 2 §5.2, §5.7, spec 4 "Uploads")', () => {
  it('checks extension and size before the upload', () => {
    expect(checkModuleFile('video', 'aula.MP4', 10)).toBeNull();
    expect(checkModuleFile('video', 'aula.mov', 10)).toBe('invalid_file_type');
    expect(checkModuleFile('audio', 'a.wav', 10)).toBeNull();
    expect(checkModuleFile('powerpoint', 'deck.pptx', 10 * MB)).toBeNull();
    expect(checkModuleFile('powerpoint', 'deck.pptx', 10 * MB + 1)).toBe('powerpoint_too_large');
    expect(checkModuleFile('file', 'anything.xyz', 150 * MB)).toBeNull();
    expect(checkModuleFile('file', 'anything.xyz', 150 * MB + 1)).toBe('file_too_large');
    expect(checkModuleFile('youtube', 'a.mp4', 1)).toBe('invalid_file_type');
    expect(checkMaterialFile(150 * MB + 1)).toBe('file_too_large');
    expect(moduleAccept('audio')).toBe('.mp3,.wav');
    expect(moduleAccept('file')).toBe('');
    expect(fileExtension('dir/Deck.Final.PPTX')).toBe('pptx');
    expect(fileExtension('README')).toBe('');
  });

  it('requires a material title and file (spec 2 §5.7)', () => {
    expect(validateMaterialForm({})).toEqual({ title: REQUIRED, resource: REQUIRED });
    expect(validateMaterialForm({ title: 'Guia', resource: 'abc', status: '2' })).toEqual({});
    expect(validateMaterialForm({ title: 'Guia', resource: 'abc', status: '3' })).toEqual({ status: 'validation_error' });
  });
});

describe('editor image directories (spec 2 §7.5)', () => {
  it('builds and recognises the directories', () => {
    const date = new Date('2026-03-15T12:00:00Z');
    expect(editorImageDirectory('trainings', date)).toBe('media/html_images/trainings/2026/03/');
    expect(editorImageDirectory('webcasts', date)).toBe('media/html_images/webcasts/2026/03/');
    expect(editorImageDirectory('training_images', date)).toBe('media/images/trainings/2026/03/');
    expect(editorImageArea('media/html_images/webcasts/2026/03/')).toBe('webcasts');
    expect(editorImageArea('media/images/trainings/2026/12/')).toBe('trainings');
    // the trail image goes under its own folder and needs trails_manage
    expect(editorImageDirectory('trail_images', date)).toBe('media/images/trails/2026/03/');
    expect(editorImageArea('media/images/trails/2026/03/')).toBe('trails');
    expect(editorImageArea('media/html_images/trainings/2026/13/')).toBeNull();
    expect(editorImageArea('media/html_images/../../etc/2026/01/')).toBeNull();
    expect(editorImageExtensions('media/html_images/trainings/2026/03/')).toEqual(['png', 'jpg', 'gif']);
    // banner and welcome-banner images need their own permissions (spec 3 §6), message images messages
    expect(editorImageDirectory('banner_images', date)).toBe('media/images/banners/2026/03/');
    expect(editorImageArea('media/images/banners/2026/03/')).toBe('banners');
    expect(editorImageDirectory('welcome_banner_images', date)).toBe('media/images/welcome_banners/2026/03/');
    expect(editorImageArea('media/images/welcome_banners/2026/03/')).toBe('banners_welcome');
    expect(editorImageDirectory('messages', date)).toBe('media/html_images/messages/2026/03/');
    expect(editorImageArea('media/html_images/messages/2026/03/')).toBe('messages');
    expect(editorImageArea('media/html_images/banners/2026/03/')).toBeNull();
    expect(editorImageExtensions('media/images/banners/2026/03/')).toEqual(['png', 'jpg', 'jpeg', 'gif']);
  });

  it('takes the news editor\'s images and the news image (spec 3 §7), under the news permission', () => {
    const date = new Date('2026-11-05T12:00:00Z');
    expect(editorImageDirectory('news', date)).toBe('media/html_images/news/2026/11/');
    expect(editorImageDirectory('news_images', date)).toBe('media/images/news/2026/11/');
    expect(editorImageArea('media/html_images/news/2026/11/')).toBe('news');
    expect(editorImageArea('media/images/news/2026/11/')).toBe('news');
    expect(editorImageArea('media/html_images/news/2026/00/')).toBeNull();
    // spec 3 §5: inline editor images are .png, .jpg and .gif only
    expect(editorImageExtensions('media/html_images/news/2026/11/')).toEqual(['png', 'jpg', 'gif']);
  });
});
