/**
 * Choosing and cropping an image in the browser before it is uploaded (the admin's 52/29 content
 * images, the portal's square profile picture): the checks, the crop maths and the canvas encoding.
 */

/** spec 2 §9: images have the aspect ratio 52/29, with cropping. */
export const IMAGE_ASPECT = 52 / 29;

/** jpg/jpeg/png for cropped images (spec 2 §2.3 image upload). */
export const CROP_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const extensionOf = (fileName: string) => /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/** The extension is one of `extensions` and the browser's type, when it has one, agrees with it. */
export function isAcceptedImage(file: File, extensions: readonly string[]): boolean {
  const ext = extensionOf(file.name);
  if (!extensions.map((e) => e.toLowerCase().replace(/^\./, '')).includes(ext)) return false;
  const expected = MIME_BY_EXTENSION[ext];
  return !file.type || !expected || file.type === expected;
}

/** A canvas writes png, jpeg and webp; anything else (gif) is written as png. */
export function outputType(file: File): string {
  const type = MIME_BY_EXTENSION[extensionOf(file.name)] ?? file.type;
  return type === 'image/jpeg' || type === 'image/webp' ? type : 'image/png';
}

/** The uploaded name keeps the original's, with the extension of what was written. */
export function outputName(file: File, type: string): string {
  const base = file.name.replace(/\.[^./\\]+$/, '') || 'image';
  const ext = type === 'image/jpeg' ? (extensionOf(file.name) === 'jpeg' ? 'jpeg' : 'jpg') : type.split('/')[1];
  return `${base}.${ext}`;
}

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The largest centred area of the given aspect: the crop used before the user moves it. */
export function centeredArea(width: number, height: number, aspect: number): PixelArea {
  const w = Math.min(width, height * aspect);
  const h = w / aspect;
  return { x: (width - w) / 2, y: (height - h) / 2, width: w, height: h };
}

/**
 * Draws `area` of the image on a canvas of that size, or scaled down so neither side exceeds
 * `maxSide`, and encodes it.
 */
export function cropToBlob(image: CanvasImageSource, area: PixelArea, type: string, quality = 0.92, maxSide = Infinity): Promise<Blob> {
  const scale = Math.min(1, maxSide / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas 2d context unavailable'));
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas produced no image'))), type, quality);
  });
}

/** "2 MB", "150 MB", "500 KB" for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
