// Loaded only when a PDF module is opened (dynamic import in ./index.tsx): pdf.js and its worker
// stay out of every other page.
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface OpenedPdf {
  pages: number;
  /** draws page `page` (1-based) on the canvas at `width` CSS pixels wide */
  render(page: number, canvas: HTMLCanvasElement, width: number): Promise<void>;
  close(): void;
}

/**
 * Opens a PDF with pdf.js, which shows it page by page in the portal — so the player knows which
 * page the learner reached (the browser's own viewer tells nothing). No script of the document
 * runs, and pdf.js evaluates no code (the portal's CSP has no 'unsafe-eval').
 */
export async function openPdf(url: string): Promise<OpenedPdf> {
  const task = getDocument({ url, isEvalSupported: false, enableXfa: false });
  const doc: PDFDocumentProxy = await task.promise;
  let drawing: RenderTask | null = null;
  return {
    pages: doc.numPages,
    async render(number, canvas, width) {
      drawing?.cancel();
      const page = await doc.getPage(number);
      const ratio = window.devicePixelRatio || 1;
      const scale = width / page.getViewport({ scale: 1 }).width;
      const viewport = page.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const current = page.render({ canvas, viewport });
      drawing = current;
      try {
        await current.promise;
      } finally {
        if (drawing === current) drawing = null;
      }
    },
    close() {
      drawing?.cancel();
      void task.destroy();
    },
  };
}
