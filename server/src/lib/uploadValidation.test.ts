import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bombZip, gif, htmlZip, jpg, lyingZip, mp3, mp3Frame, mp4, pdf, png, ppt, pptx, scormManifest, scormZip, slipZip, symlinkZip, wav, zipOf,
} from '../../test/mediaFixtures.ts';
import {
  UploadRefused, extractArchive, matchesMagic, parseXml, scormLaunch, unsafeEntryName, validateUpload, type UploadKind,
} from './uploadValidation.ts';

let dir: string;
beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-upload-')); });
afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

let seq = 0;
function stored(bytes: Buffer): string {
  const file = path.join(dir, `f${seq++}`);
  fs.writeFileSync(file, bytes);
  return file;
}

async function refusal(kind: UploadKind, bytes: Buffer, name: string): Promise<string> {
  try {
    await validateUpload(kind, stored(bytes), name);
  } catch (error) {
    if (error instanceof UploadRefused) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('upload validation by kind (spec 2 §5.2, DESIGN "Files and media")', () => {
  it('accepts each kind with its extension and magic bytes', async () => {
    const cases: Array<[UploadKind, Buffer, string]> = [
      ['video', mp4(), 'aula.mp4'],
      ['audio', mp3(), 'podcast.mp3'],
      ['audio', mp3Frame(), 'raw.MP3'],
      ['audio', wav(), 'voz.wav'],
      ['pdf', pdf(), 'slides.pdf'],
      ['powerpoint', ppt(), 'deck.ppt'],
      ['powerpoint', await pptx(), 'deck.pptx'],
      ['file', Buffer.from('anything at all'), 'notes.xyz'],
      ['file', Buffer.from('no extension'), 'README'],
      ['image', jpg(), 'capa.jpeg'],
      ['image', png(), 'capa.png'],
      ['editor_image', gif(), 'anim.gif'],
      ['editor_image', jpg(), 'foto.jpg'],
    ];
    for (const [kind, bytes, name] of cases) {
      const result = await validateUpload(kind, stored(bytes), name);
      expect(result, name).toMatchObject({ kind, size: bytes.length, package: null });
    }
  });

  it('refuses a wrong extension and content that does not match it', async () => {
    expect(await refusal('video', mp4(), 'aula.mov')).toBe('invalid_file_type');
    expect(await refusal('video', pdf(), 'fake.mp4')).toBe('invalid_file_type');
    expect(await refusal('audio', mp4(), 'fake.mp3')).toBe('invalid_file_type');
    expect(await refusal('audio', mp3(), 'fake.wav')).toBe('invalid_file_type');
    expect(await refusal('pdf', Buffer.from('<html>'), 'fake.pdf')).toBe('invalid_file_type');
    expect(await refusal('editor_image', Buffer.from('<svg onload="alert(1)"/>'), 'x.png')).toBe('invalid_file_type');
    expect(await refusal('editor_image', png(), 'x.jpeg')).toBe('invalid_file_type');
    expect(await refusal('editor_image', jpg(), 'x.png')).toBe('invalid_file_type');
    expect(await refusal('powerpoint', pdf(), 'deck.ppt')).toBe('invalid_file_type');
    expect(await refusal('powerpoint', await htmlZip(), 'deck.pptx')).toBe('invalid_file_type');
    expect(await refusal('html', pdf(), 'site.zip')).toBe('invalid_file_type');
  });

  it('refuses a PowerPoint over 10 MB and one with animations', async () => {
    expect(await refusal('powerpoint', Buffer.concat([ppt(), Buffer.alloc(10 * 1024 * 1024)]), 'big.ppt')).toBe('powerpoint_too_large');
    expect(await refusal('powerpoint', await pptx(true), 'animated.pptx')).toBe('powerpoint_has_animations');
  });

  it('finds index.html of an HTML zip and the launch file of SCORM 1.2 and 2004 manifests', async () => {
    expect((await validateUpload('html', stored(await htmlZip()), 'site.zip')).package).toEqual({ type: 'html', entry: 'index.html', scormVersion: null });
    expect((await validateUpload('scorm', stored(await scormZip('1.2')), 'curso.zip')).package)
      .toEqual({ type: 'scorm', entry: 'content/start.html', scormVersion: '1.2' });
    expect((await validateUpload('scorm', stored(await scormZip('2004')), 'curso.zip')).package)
      .toEqual({ type: 'scorm', entry: 'content/start.html', scormVersion: '2004' });
    expect(await refusal('html', await zipOf({ 'site/index.html': 'x' }), 'nested.zip')).toBe('html_zip_without_index');
    expect(await refusal('scorm', await htmlZip(), 'nomanifest.zip')).toBe('scorm_zip_without_manifest');
    // the manifest names a file the package does not have
    expect(await refusal('scorm', await zipOf({ 'imsmanifest.xml': scormManifest('1.2', 'missing.html') }), 'broken.zip')).toBe('scorm_manifest_invalid');
    expect(await refusal('scorm', await zipOf({ 'imsmanifest.xml': '<not-a-manifest/>' }), 'broken.zip')).toBe('scorm_manifest_invalid');
  });

  it('refuses zip slip, symbolic links, bombs and damaged archives', async () => {
    expect(await refusal('html', await slipZip(), 'slip.zip')).toBe('unsafe_zip_file');
    expect(await refusal('html', await symlinkZip(), 'link.zip')).toBe('unsafe_zip_file');
    expect(await refusal('html', await bombZip(), 'bomb.zip')).toBe('unsafe_zip_file');
    const truncated = (await htmlZip()).subarray(0, 60);
    expect(await refusal('html', truncated, 'cut.zip')).toBe('unsafe_zip_file');
  });

  it('stops an entry that inflates past its declared size while unpacking, leaving nothing behind', async () => {
    const file = stored(await lyingZip());
    // the directory's declared sizes pass
    await expect(validateUpload('html', file, 'lying.zip')).resolves.toMatchObject({ package: { entry: 'index.html' } });
    const destination = path.join(dir, 'lying');
    await expect(extractArchive(file, destination)).rejects.toMatchObject({ code: 'unsafe_zip_file' });
    expect(fs.existsSync(destination)).toBe(false);
  });

  it('unpacks a package inside its folder', async () => {
    const destination = path.join(dir, 'site');
    await extractArchive(stored(await htmlZip()), destination);
    expect(fs.readFileSync(path.join(destination, 'js', 'app.js'), 'utf8')).toBe('console.log(1)');
  });
});

describe('helpers', () => {
  it('recognises signatures', () => {
    expect(matchesMagic('mp4', mp4())).toBe(true);
    expect(matchesMagic('wav', wav())).toBe(true);
    expect(matchesMagic('gif', png())).toBe(false);
    expect(matchesMagic('exe', Buffer.from('MZ'))).toBe(false);
  });

  it('names unsafe entry paths', () => {
    expect(unsafeEntryName('a/b/c.html')).toBeNull();
    expect(unsafeEntryName('../x')).toBe('parent directory');
    expect(unsafeEntryName('a/../../x')).toBe('parent directory');
    expect(unsafeEntryName('/etc/passwd')).toBe('absolute path');
    expect(unsafeEntryName('C:/Windows/x')).toBe('absolute path');
    expect(unsafeEntryName('a\\..\\x')).toBe('backslash');
    expect(unsafeEntryName('a\u0000b')).toBe('control characters');
  });

  it('reads xml:base and falls back to the first SCO without organizations', () => {
    const manifest = parseXml(`<manifest><organizations/><resources xml:base="course/">
      <resource identifier="A" adlcp:scormType="asset" href="a.html"/>
      <resource identifier="B" adlcp:scormType="sco" xml:base="lesson/" href="b.html#top"/></resources></manifest>`)!;
    expect(scormLaunch(manifest)).toEqual({ href: 'course/lesson/b.html', version: null });
  });
});
