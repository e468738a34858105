/**
 * The printed attendance list and event results of a face-to-face training (spec 3 §2 "print
 * attendance list and print event results"; spec 1 §6.2 presential_print_users,
 * presential_print_results), drawn with pdfkit as the certificates are (learning/certificatePdf.ts):
 * standard Helvetica (WinAnsi covers the four languages' accents), texts under `presential_print.*`
 * in the reader's language. The header carries the client's logo (its settings) beside its name, or
 * the name alone on the accent band when the client has none or it cannot be drawn.
 */
import PDFDocument from 'pdfkit';
import { formatDate, formatMoney, localeForLanguageId } from '@lp/shared/rules';
import { translate, type TextVars } from '../lib/i18n.ts';

export interface PrintEvent {
  date: string;
  start_hour: string;
  end_hour: string;
  location_name: string;
  location: string;
  instructors: string[];
}

export interface PrintGuest {
  event_index: number;
  name: string;
  document: string | null;
  branch: string | null;
  presence: string | null;
  result: string | null;
  score: number | null;
  correct_answers: number | null;
  signature: boolean;
}

export interface PrintData {
  kind: 'attendance' | 'results';
  languageId: number;
  clientName: string;
  title: string;
  code: string | null;
  workload: number;
  events: PrintEvent[];
  guests: PrintGuest[];
  printedAt: Date;
  /** the appointment's */
  timezone: string;
  /** the client's logo (png or jpeg bytes), or null */
  logo: Buffer | null;
  /** the results list's cost totals (cents, in `currency`), or null */
  costs: { currency: string; expected: number; actual: number } | null;
}

const MARGIN = 40;
const ROW = 22;
const ACCENT = '#1f4e79';

interface Column { key: string; width: number; value: (g: PrintGuest, index: number) => string }

const LOGO_BOX = { width: 140, height: 36 };

/** The client's logo at the header's left and its name beside it; false when there is none or pdfkit cannot read it. */
function drawLogo(doc: PDFKit.PDFDocument, data: PrintData, width: number): boolean {
  if (!data.logo) return false;
  try {
    doc.image(data.logo, MARGIN, MARGIN, { fit: [LOGO_BOX.width, LOGO_BOX.height], valign: 'center' });
  } catch {
    return false;
  }
  const x = MARGIN + LOGO_BOX.width + 12;
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(16).text(data.clientName, x, MARGIN + 10, { width: width - (x - MARGIN), lineBreak: false, ellipsis: true });
  doc.moveTo(MARGIN, MARGIN + LOGO_BOX.height + 2).lineTo(MARGIN + width, MARGIN + LOGO_BOX.height + 2).lineWidth(1.5).strokeColor(ACCENT).stroke();
  return true;
}

/** Renders the list; resolves with the PDF bytes. */
export function renderPresentialPdf(data: PrintData): Promise<Buffer> {
  const t = (key: string, vars: TextVars = {}) => translate(data.languageId, `presential_print.${key}`, vars);
  const heading = t(data.kind === 'attendance' ? 'attendance_title' : 'results_title');
  const doc = new PDFDocument({
    size: 'A4', layout: data.kind === 'attendance' ? 'portrait' : 'landscape', margin: MARGIN, bufferPages: true,
    info: { Title: `${heading} - ${data.title}`, Author: data.clientName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 24;
  const numbers = new Intl.NumberFormat(localeForLanguageId(data.languageId), { maximumFractionDigits: 2 });

  // the header: the client's logo and name (or the name alone), then the training
  if (!drawLogo(doc, data, width)) {
    doc.rect(MARGIN, MARGIN, width, 36).fill(ACCENT);
    doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(16).text(data.clientName, MARGIN + 12, MARGIN + 10, { width: width - 24, lineBreak: false, ellipsis: true });
  }
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(18).text(heading, MARGIN, MARGIN + 50, { width });
  doc.font('Helvetica').fontSize(11).text(data.title, { width });
  const facts = [
    data.code ? t('code', { code: data.code }) : null,
    data.workload > 0 ? t('workload', { hours: numbers.format(data.workload) }) : null,
    t('printed_at', { date: formatDate(data.printedAt, data.languageId, data.timezone) }),
    // spec 3 §3 "Costs": expected vs actual, in the client's currency and the reader's locale
    data.costs ? t('costs', {
      expected: formatMoney(data.costs.expected, data.costs.currency, localeForLanguageId(data.languageId)),
      actual: formatMoney(data.costs.actual, data.costs.currency, localeForLanguageId(data.languageId)),
    }) : null,
  ].filter((f): f is string => f !== null);
  doc.fontSize(9).fillColor('#444444').text(facts.join('  ·  '), { width });

  const columns: Column[] = data.kind === 'attendance'
    ? [
      { key: 'number', width: 0.05, value: (_g, i) => String(i + 1) },
      { key: 'name', width: 0.33, value: (g) => g.name },
      { key: 'document', width: 0.15, value: (g) => g.document ?? '' },
      { key: 'branch', width: 0.17, value: (g) => g.branch ?? '' },
      // an empty box to sign on paper
      { key: 'signature', width: 0.30, value: () => '' },
    ]
    : [
      { key: 'number', width: 0.04, value: (_g, i) => String(i + 1) },
      { key: 'name', width: 0.26, value: (g) => g.name },
      { key: 'branch', width: 0.14, value: (g) => g.branch ?? '' },
      { key: 'presence', width: 0.1, value: (g) => (g.presence ? t(`presence.${g.presence}`) : '') },
      { key: 'result', width: 0.14, value: (g) => (g.result ? t(`results.${g.result}`) : '') },
      { key: 'score', width: 0.08, value: (g) => (g.score === null ? '' : numbers.format(g.score)) },
      { key: 'correct_answers', width: 0.1, value: (g) => (g.correct_answers === null ? '' : String(g.correct_answers)) },
      { key: 'signature', width: 0.14, value: (g) => t(g.signature ? 'signed' : 'not_signed') },
    ];

  const drawRow = (cells: string[], bold: boolean, height = ROW) => {
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor('#000000');
    columns.forEach((c, i) => {
      const w = c.width * width;
      doc.lineWidth(0.5).strokeColor('#999999').rect(x, y, w, height).stroke();
      doc.text(cells[i] ?? '', x + 4, y + 7, { width: w - 8, height: height - 8, lineBreak: false, ellipsis: true });
      x += w;
    });
    doc.x = MARGIN;
    doc.y = y + height;
  };
  const header = () => drawRow(columns.map((c) => t(`columns.${c.key}`)), true);

  data.events.forEach((event, eventIndex) => {
    const guests = data.guests.filter((g) => g.event_index === eventIndex);
    if (doc.y > bottom() - 4 * ROW) doc.addPage();
    doc.moveDown(1).x = MARGIN;
    doc.font('Helvetica-Bold').fontSize(11).fillColor(ACCENT)
      .text(t('event', { date: formatDate(event.date, data.languageId), start: event.start_hour, end: event.end_hour }), MARGIN, doc.y, { width });
    const where = [event.location_name, event.location].filter(Boolean).join(' — ');
    doc.font('Helvetica').fontSize(9).fillColor('#444444');
    if (where) doc.text(t('location', { location: where }), { width });
    if (event.instructors.length) doc.text(t('instructors', { names: event.instructors.join(', '), count: event.instructors.length }), { width });
    doc.moveDown(0.5);
    header();
    if (!guests.length) {
      doc.font('Helvetica-Oblique').fontSize(9).fillColor('#666666').text(t('no_participants'), MARGIN, doc.y + 6, { width });
      return;
    }
    guests.forEach((g, i) => {
      if (doc.y + (data.kind === 'attendance' ? 28 : ROW) > bottom()) {
        doc.addPage();
        header();
      }
      drawRow(columns.map((c) => c.value(g, i)), false, data.kind === 'attendance' ? 28 : ROW);
    });
  });

  // "page n of m" once every page exists
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // the footer sits in the bottom margin: without this pdfkit would start a new page for it
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#666666')
      .text(t('page', { page: String(i + 1), pages: String(range.count) }), MARGIN, doc.page.height - MARGIN - 10, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
