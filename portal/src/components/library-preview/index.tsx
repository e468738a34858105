import { lazy, Suspense } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { LIBRARY_PATHS, type LearnerLibraryFile } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../message/index.tsx';

// video.js comes only with a video preview (the player loads its engine lazily too)
const VideoPlayer = lazy(async () => ({ default: (await import('../video-player/index.tsx')).VideoPlayer }));

const ignoreProgress = () => undefined;

/**
 * The download of a file that allows it (spec 3 §2 "download"): fetched with the session's token
 * and saved; the server counts it once per learner. "File download fail" when it cannot.
 */
export function DownloadButton({ file, onDownloaded }: { file: LearnerLibraryFile; onDownloaded?(): void }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!file.allow_download) return null;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(LIBRARY_PATHS.learnerDownload(file.id), file.file_name);
      onDownloaded?.();
    } catch (failure) {
      const code = errorCode(failure);
      setError(code === 'unexpected_error' ? t('portal.library.download_failed') : errorText(t, code));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" class="button-secondary button-small" disabled={busy} onClick={() => void download()}
        aria-label={t('portal.library.download_item', { title: file.title })}>
        {busy ? t('portal.loading') : t('portal.library.download')}
      </button>
      {error && <Message kind="error">{error}</Message>}
    </>
  );
}

/** spec 3 §8 'PDF not supported by the browser': said, with the download when the file allows it. */
function PdfPreview({ file }: { file: LearnerLibraryFile }) {
  const { t } = useI18n();
  const fallback = (
    <div class="pdf-fallback">
      <Message kind="info">{t('portal.library.pdf_not_supported')}</Message>
      <DownloadButton file={file} />
    </div>
  );
  // phones and browsers without a PDF viewer say so; <object> shows its content where it cannot render
  if (typeof navigator !== 'undefined' && navigator.pdfViewerEnabled === false) return fallback;
  return (
    <object class="content-frame" data={file.preview_url} type="application/pdf" aria-label={file.title}>
      {fallback}
    </object>
  );
}

function PreviewBody({ file }: { file: LearnerLibraryFile }) {
  const { t } = useI18n();
  switch (file.preview) {
    case 'pdf':
      return <PdfPreview file={file} />;
    case 'image':
      return <img class="library-image" src={file.preview_url} alt={file.title} />;
    case 'video':
      return (
        <Suspense fallback={<p class="loading">{t('portal.courses.player.loading')}</p>}>
          <VideoPlayer url={file.preview_url} title={file.title} resumeAt={0} onProgress={ignoreProgress} />
        </Suspense>
      );
    case 'audio':
      return <audio class="audio-player" src={file.preview_url} controls preload="metadata" aria-label={file.title} />;
    default:
      return <Message kind="info">{t('portal.library.no_preview')}</Message>;
  }
}

export interface LibraryPreviewProps {
  file: LearnerLibraryFile;
  onClose(): void;
  /** the server's card after the view was counted (viewed: true) */
  onViewed?(file: LearnerLibraryFile): void;
}

/**
 * spec 3 §2 library "preview": the file shown in the portal by its kind — a PDF in a frame, an
 * image, a video (video.js, lazy), an audio — or a note that it has none; opening it counts a
 * view (once per learner, on the server). The panel takes the focus and Escape closes it.
 */
export function LibraryPreview({ file, onClose, onViewed }: LibraryPreviewProps) {
  const { t } = useI18n();
  const panel = useRef<HTMLElement>(null);
  const latest = useRef(onViewed);
  latest.current = onViewed;

  useEffect(() => {
    panel.current?.focus();
    let live = true;
    send<LearnerLibraryFile>(LIBRARY_PATHS.learnerView(file.id), 'POST', {})
      .then((answer) => { if (live) latest.current?.(answer); })
      // the preview stands even if the count did not go through
      .catch(() => undefined);
    return () => { live = false; };
  }, [file.id]);

  return (
    <section ref={panel} class="panel library-preview" tabIndex={-1} aria-labelledby={`library-preview-${file.id}`}
      onKeyDown={(event) => { if (event.key === 'Escape') onClose(); }}>
      <div class="library-preview-head">
        <h2 id={`library-preview-${file.id}`}>{file.title}</h2>
        <button type="button" class="button-secondary button-small" onClick={onClose}>{t('portal.library.close')}</button>
      </div>
      {file.description && <p class="library-description">{file.description}</p>}
      <PreviewBody file={file} />
      <p class="library-preview-actions">
        <DownloadButton file={file} />
      </p>
    </section>
  );
}
