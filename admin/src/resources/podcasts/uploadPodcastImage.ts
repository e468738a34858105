import { PODCAST_PATHS, PODCAST_UPLOAD_KINDS, type PodcastImage } from '@lp/shared/contract';
import { apiClient } from '../../apiClient.ts';
import { createTusUpload, startTusUpload } from '../../common/upload/tusUpload.ts';
import { toHttpError } from '../../dataProvider.ts';

/**
 * The podcast image (spec 3 §5 "images: jpg, jpeg, png"): the cropped image goes with tus, then
 * the images call stores it and answers the URL the form keeps in image_url.
 */
export async function uploadPodcastImage(blob: Blob, fileName: string): Promise<string> {
  const file = blob instanceof File ? blob : new File([blob], fileName, { type: blob.type });
  const uploadId = await new Promise<string>((resolve, reject) => {
    const upload = createTusUpload(file, {
      kind: PODCAST_UPLOAD_KINDS.image,
      onProgress: () => undefined,
      onSuccess: (id) => resolve(id),
      onError: reject,
    });
    startTusUpload(upload).catch(reject);
  });
  const res = await apiClient.request(PODCAST_PATHS.images, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ upload: uploadId }),
  });
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw toHttpError(res.status, json);
  return (json as PodcastImage).image_url;
}
