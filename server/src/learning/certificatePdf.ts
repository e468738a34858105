/**
 * The certificate as a PDF: A4 landscape, drawn once when the certificate is
 * issued, in the holder's language (pt-br by default; texts under `certificates.pdf.*` in the
 * locales). The standard Helvetica fonts encode WinAnsi, which covers the accents of the four
 * languages (ã, ç, é, ñ, œ …) without shipping a font file.
 */
import PDFDocument from 'pdfkit';
import { formatDate, localeForLanguageId } from '@lp/shared/rules';
import { translate } from '../lib/i18n.ts';

export interface CertificatePdfData {
  languageId: number;
  contentType: 'training' | 'trail' | 'live_class' | 'presential';
  holderName: string;
  title: string;
  /** hours */
  workload: number;
  issuedAt: Date;
  expiresAt: Date | null;
  clientName: string;
  code: string;
  verifyUrl: string;
}

const COMPLETED = { training: 'completed_training', trail: 'completed_trail', live_class: 'completed_live_class', presential: 'completed_presential' } as const;

const INTL_TAGS = { 'pt-br': 'pt-BR', en: 'en-US', es: 'es-ES', fr: 'fr-FR' } as const;

/** Renders the certificate; resolves with the PDF bytes. */
export function renderCertificatePdf(data: CertificatePdfData): Promise<Buffer> {
  const t = (key: string, vars: Record<string, string> = {}) => translate(data.languageId, `certificates.pdf.${key}`, vars);
  const hours = new Intl.NumberFormat(INTL_TAGS[localeForLanguageId(data.languageId)], { maximumFractionDigits: 2 }).format(data.workload);
  const date = (d: Date) => formatDate(d, data.languageId);

  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: { Title: `${t('heading')} - ${data.title}`, Author: data.clientName, Subject: data.holderName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const inner = width - 2 * 56;
  const accent = '#1f4e79';
  doc.lineWidth(3).strokeColor(accent).rect(24, 24, width - 48, height - 48).stroke();
  doc.lineWidth(0.75).rect(32, 32, width - 64, height - 64).stroke();

  const centred = { width: inner, align: 'center' as const };
  doc.fillColor(accent).font('Helvetica-Bold').fontSize(34).text(t('heading'), 56, 80, centred);
  doc.moveDown(0.8).fillColor('#333333').font('Helvetica').fontSize(15).text(t('certifies_that'), centred);
  doc.moveDown(0.5).fillColor('#000000').font('Helvetica-Bold').fontSize(28).text(data.holderName, centred);
  doc.moveDown(0.5).fillColor('#333333').font('Helvetica').fontSize(15)
    .text(t(COMPLETED[data.contentType]), centred);
  doc.moveDown(0.4).fillColor('#000000').font('Helvetica-Bold').fontSize(20).text(data.title, centred);
  doc.moveDown(1).fillColor('#333333').font('Helvetica').fontSize(13);
  if (data.workload > 0) doc.text(t('workload', { hours }), centred);
  doc.text(t('issued_on', { date: date(data.issuedAt) }), centred);
  doc.text(data.expiresAt ? t('valid_until', { date: date(data.expiresAt) }) : t('no_expiry'), centred);

  doc.font('Helvetica-Bold').fontSize(14).fillColor(accent).text(data.clientName, 56, height - 150, centred);
  doc.font('Helvetica').fontSize(10).fillColor('#555555')
    .text(t('verify_at'), 56, height - 118, centred)
    .text(data.verifyUrl, { ...centred, link: data.verifyUrl, underline: false })
    .text(t('code', { code: data.code }), centred);
  doc.end();
  return done;
}
