import { FILE_PATHS, type FileComplete, type FilePolicy } from '@lp/shared/contract';
import { editorImageDirectory, type EditorImageDestination } from '@lp/shared/rules';
import { apiClient } from '../../apiClient.ts';
import { formDataOf, toHttpError } from '../../dataProvider.ts';

async function call<T>(path: string, init: RequestInit): Promise<T | undefined> {
  const res = await apiClient.request(path, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) throw toHttpError(res.status, json);
  return json as T | undefined;
}

/**
 * spec 2 §7.5 image upload of the rich-text editors (and the training image, spec 2 §2.3):
 * 1. POST /api/files/policy/ {filename, file_directory} (media/html_images/{trainings|webcasts}/
 *    {year}/{month}/, or media/images/trainings/… for the training image);
 * 2. the file posted as the object-store form (key, policy, signature, then the file): to our
 *    route, or with object storage to the bucket itself with the signed fields the policy gave;
 * 3. POST /api/files/complete/ {uploaded, fileSize, file} → the image's URL.
 * Every call carries the session's bearer token (and waits for its one refresh).
 */
export async function uploadEditorImage(file: Blob, fileName: string, directory: EditorImageDestination): Promise<string> {
  const policy = await call<FilePolicy>(FILE_PATHS.policy, {
    method: 'POST',
    body: formDataOf({ filename: fileName, file_directory: editorImageDirectory(directory) }),
  });
  if (!policy) throw new Error('no upload policy');
  // the file goes last, as object stores read the fields before it
  if (policy.fields) {
    // object storage: the signed form straight to the bucket, which holds it to the policy
    const form = new FormData();
    for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
    form.append('file', file, fileName);
    const posted = await fetch(policy.host, { method: 'POST', body: form, credentials: 'omit' });
    if (!posted.ok) throw toHttpError(posted.status, { detail: 'The image was refused by the file store', code: posted.status === 400 ? 'invalid_file_type' : 'validation_error' });
  } else {
    const form = formDataOf({ key: policy.key, policy: policy.policy, signature: policy.signature });
    form.append('file', file, fileName);
    await call(FILE_PATHS.upload(policy.file_id), { method: 'POST', body: form });
  }
  const done = await call<FileComplete>(FILE_PATHS.complete, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ uploaded: true, fileSize: file.size, file: policy.file_id }),
  });
  if (!done?.fileUrl) throw new Error('no file URL');
  return done.fileUrl;
}

/** An `onUploadImage` for a RichTextInput that stores its images under `directory`. */
export const editorImageUploader = (directory: Exclude<EditorImageDestination, 'training_images' | 'trail_images'>) =>
  (file: File): Promise<string> => uploadEditorImage(file, file.name, directory);
