import { describe, expect, it } from 'vitest';
import { attachmentName } from './download.ts';

describe('attachmentName', () => {
  it('reads the file name the server offers', () => {
    expect(attachmentName('attachment; filename="certificate-safety-basics.pdf"')).toBe('certificate-safety-basics.pdf');
    expect(attachmentName("attachment; filename*=UTF-8''certificado%20seguran%C3%A7a.pdf")).toBe('certificado segurança.pdf');
    expect(attachmentName('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});
