import { FIELD_TASK_PHOTO_UPLOAD_KIND, OWN_USER_IMAGE_UPLOAD_KIND, REWARD_UPLOAD_KINDS } from '@lp/shared/contract';
import { ApiRequestError } from '@lp/shared/client';
import { api } from './api.ts';

const TUS = '/files/tus/';
const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/**
 * The invoice photo (spec 3 §2 "invoice upload or take a picture") as one tus upload of kind
 * reward_invoice: a creation and a single PATCH — a phone photo is a few megabytes, so the
 * resumable client the admin loads for videos is not worth its weight here. Answers the upload id
 * the sale claims; the server checks the content (jpg or png) when the sale is saved. The
 * campaign's photo uploads (kind reward_photo) and the field-sales photo answers (kind
 * field_task_photo, checked when the answer is saved) and the profile picture (kind own_user_image,
 * cropped in the browser, checked when the profile is saved) go the same way.
 */
export async function uploadInvoice(
  file: File,
  kind: (typeof REWARD_UPLOAD_KINDS)[keyof typeof REWARD_UPLOAD_KINDS] | typeof FIELD_TASK_PHOTO_UPLOAD_KIND | typeof OWN_USER_IMAGE_UPLOAD_KIND = REWARD_UPLOAD_KINDS.invoice,
): Promise<string> {
  const created = await api.request(TUS, {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0', 'Upload-Length': String(file.size),
      'Upload-Metadata': `filename ${b64(file.name || 'invoice.jpg')},kind ${b64(kind)}`,
    },
  });
  const location = created.headers.get('Location');
  if (created.status !== 201 || !location) throw new ApiRequestError(created.status, { detail: await created.text(), code: 'unexpected_error' });
  const id = location.replace(/\/+$/, '').split('/').pop()!;
  const patched = await api.request(`${TUS}${id}`, {
    method: 'PATCH',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: file,
  });
  if (patched.status !== 204) throw new ApiRequestError(patched.status, { detail: await patched.text(), code: 'file_too_large' });
  return id;
}
