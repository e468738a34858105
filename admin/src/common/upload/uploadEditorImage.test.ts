import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_PATHS, type FilePolicy } from '@lp/shared/contract';
import { editorImageDirectory } from '@lp/shared/rules';
import { apiClient } from '../../apiClient.ts';
import { editorImageUploader, uploadEditorImage } from './uploadEditorImage.ts';

vi.mock('../../apiClient.ts', () => ({ apiClient: { request: vi.fn(), json: vi.fn(), refresh: vi.fn() } }));
const request = vi.mocked(apiClient.request);

const POLICY: FilePolicy = {
  origin: 'object_store', host: '/api/files/upload/f00d/', filename: 'foto.png', file_bucket_path: 'media/html_images/trainings/2026/11/',
  key: 'media/html_images/trainings/2026/11/f00d/foto.png', policy: 'e30=', signature: 'sig', file_id: 'f00d', max_size: 10485760,
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('uploadEditorImage (spec 2 §7.5)', () => {
  beforeEach(() => {
    request.mockReset();
  });

  it('asks for a policy, posts the object-store form, completes and answers the URL', async () => {
    request
      .mockResolvedValueOnce(json(POLICY))
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(json({ fileUrl: 'http://localhost:3000/media/html_images/trainings/2026/11/f00d/foto.png' }));
    const blob = new Blob(['png-bytes'], { type: 'image/png' });
    const url = await uploadEditorImage(blob, 'foto.png', 'trainings');
    expect(url).toBe('http://localhost:3000/media/html_images/trainings/2026/11/f00d/foto.png');

    const [policyPath, policyInit] = request.mock.calls[0]!;
    expect(policyPath).toBe(FILE_PATHS.policy);
    expect(Object.fromEntries((policyInit!.body as FormData).entries()))
      .toEqual({ filename: 'foto.png', file_directory: editorImageDirectory('trainings') });

    const [uploadPath, uploadInit] = request.mock.calls[1]!;
    expect(uploadPath).toBe(FILE_PATHS.upload('f00d'));
    const form = uploadInit!.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'policy', 'signature', 'file']);
    expect(form.get('key')).toBe(POLICY.key);
    expect(form.get('signature')).toBe('sig');
    expect((form.get('file') as File).name).toBe('foto.png');

    const [completePath, completeInit] = request.mock.calls[2]!;
    expect(completePath).toBe(FILE_PATHS.complete);
    expect(JSON.parse(completeInit!.body as string)).toEqual({ uploaded: true, fileSize: blob.size, file: 'f00d' });
  });

  it('uses the training image directory and fails with the server\'s key', async () => {
    request
      .mockResolvedValueOnce(json(POLICY))
      .mockResolvedValueOnce(json({ detail: 'too big', code: 'editor_image_too_large' }, 413));
    await expect(uploadEditorImage(new Blob(['x']), 'capa.jpeg', 'training_images')).rejects.toMatchObject({
      message: 'errors.editor_image_too_large', status: 413,
    });
    expect(Object.fromEntries((request.mock.calls[0]![1]!.body as FormData).entries()).file_directory).toBe(editorImageDirectory('training_images'));
    // nothing is completed after a failed upload
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('with object storage posts the signed fields and the file to the bucket, without the API\'s token', async () => {
    const fields = {
      bucket: 'lp', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256', 'X-Amz-Credential': 'K/20261128/us-east-1/s3/aws4_request', 'X-Amz-Date': '20261128T000000Z',
      key: POLICY.key, 'Content-Type': 'image/png', Policy: 'eyJ9', 'X-Amz-Signature': 'abc',
    };
    const bucketPost = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', bucketPost);
    try {
      request
        .mockResolvedValueOnce(json({ ...POLICY, host: 'https://s3.example.net/lp/', fields }))
        .mockResolvedValueOnce(json({ fileUrl: 'http://x/media/foto.png' }));
      expect(await uploadEditorImage(new Blob(['png'], { type: 'image/png' }), 'foto.png', 'trainings')).toBe('http://x/media/foto.png');
      expect(bucketPost).toHaveBeenCalledTimes(1);
      const [url, init] = bucketPost.mock.calls[0]!;
      expect(url).toBe('https://s3.example.net/lp/');
      expect(init.credentials).toBe('omit');
      expect(init.headers).toBeUndefined();
      const form = init.body as FormData;
      expect([...form.keys()]).toEqual([...Object.keys(fields), 'file']);
      expect(form.get('Content-Type')).toBe('image/png');
      // policy, then complete: our upload route is not called
      expect(request.mock.calls.map(([path]) => path)).toEqual([FILE_PATHS.policy, FILE_PATHS.complete]);

      // the bucket refusing the post (a policy condition failed): nothing is completed
      request.mockReset();
      request.mockResolvedValueOnce(json({ ...POLICY, host: 'https://s3.example.net/lp/', fields }));
      bucketPost.mockResolvedValueOnce(new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 }));
      await expect(uploadEditorImage(new Blob(['x']), 'foto.png', 'trainings')).rejects.toMatchObject({ status: 403 });
      expect(request).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives a RichTextInput its onUploadImage for a destination', async () => {
    request
      .mockResolvedValueOnce(json({ ...POLICY, file_bucket_path: editorImageDirectory('webcasts') }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(json({ fileUrl: 'http://x/media/y.gif' }));
    const upload = editorImageUploader('webcasts');
    expect(await upload(new File(['g'], 'anim.gif', { type: 'image/gif' }))).toBe('http://x/media/y.gif');
    expect(Object.fromEntries((request.mock.calls[0]![1]!.body as FormData).entries()))
      .toEqual({ filename: 'anim.gif', file_directory: editorImageDirectory('webcasts') });
  });
});
