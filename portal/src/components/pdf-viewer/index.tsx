import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from '../../lib/i18n.ts';
import { Message } from '../message/index.tsx';
import type { OpenedPdf } from './engine.ts';

export interface PdfViewerProps {
  url: string;
  title: string;
  /** the document opened: its page count (nothing is reported before) */
  onLoaded?(pages: number): void;
  /** a page was shown (the first one too) */
  onPage?(page: number, pages: number): void;
}

// the page is drawn at the frame's width, and at this width before it has one (a test's DOM)
const FALLBACK_WIDTH = 800;

/**
 * A PDF module page by page (spec 2 §3.2 "pdf presentation"): pdf.js draws the page shown, and
 * the module's player hears each page reached — a PDF is done on its last page (shared
 * learning/completion.ts). pdf.js comes in its own chunk, loaded when the viewer mounts. Where the
 * document cannot be shown (spec 2 §8 'PDF not supported by browser') the file is offered to download.
 */
export function PdfViewer({ url, title, onLoaded, onPage }: PdfViewerProps) {
  const { t } = useI18n();
  const [pdf, setPdf] = useState<OpenedPdf | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const latest = useRef({ onLoaded, onPage });
  latest.current = { onLoaded, onPage };

  useEffect(() => {
    let gone = false;
    let opened: OpenedPdf | null = null;
    setPdf(null);
    setFailed(false);
    setPage(1);
    import('./engine.ts')
      .then(({ openPdf }) => openPdf(url))
      .then((document) => {
        opened = document;
        if (gone) return document.close();
        setPdf(document);
        latest.current.onLoaded?.(document.pages);
      })
      .catch(() => { if (!gone) setFailed(true); });
    return () => {
      gone = true;
      opened?.close();
    };
  }, [url]);

  useEffect(() => {
    if (!pdf || !canvas.current) return undefined;
    let gone = false;
    const width = frame.current?.clientWidth || FALLBACK_WIDTH;
    pdf.render(page, canvas.current, width)
      .then(() => { if (!gone) latest.current.onPage?.(page, pdf.pages); })
      // a newer page took over the drawing (or the viewer went away): nothing to say
      .catch(() => { if (!gone) setFailed(true); });
    return () => { gone = true; };
  }, [pdf, page]);

  const download = <a href={url} download target="_blank" rel="noopener">{t('portal.courses.player.download_pdf')}</a>;
  if (failed) {
    return <Message kind="info">{t('portal.courses.player.pdf_not_supported')} {download}</Message>;
  }
  const pages = pdf?.pages ?? 0;
  return (
    <div class="pdf-viewer" ref={frame}>
      {!pdf && <p class="loading">{t('portal.courses.player.loading')}</p>}
      {pdf && (
        <div class="pdf-toolbar">
          <button type="button" class="button-secondary button-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('portal.courses.player.pdf_previous')}
          </button>
          <span class="pdf-page-number" aria-live="polite">{t('portal.courses.player.pdf_page', { page, pages })}</span>
          <button type="button" class="button-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('portal.courses.player.pdf_next')}
          </button>
          <span class="pdf-download">{download}</span>
        </div>
      )}
      <canvas ref={canvas} class="pdf-page" hidden={!pdf} role="img"
        aria-label={pdf ? t('portal.courses.player.pdf_page_of', { title, page, pages }) : title} />
    </div>
  );
}
