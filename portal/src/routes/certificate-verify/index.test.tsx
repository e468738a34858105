import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { CertificateVerification } from '@lp/shared/contract';
import { fakeApi, loginParams, renderWithApp } from '../../test/render.tsx';

const verification = (patch: Partial<CertificateVerification> = {}): CertificateVerification => ({
  valid: true, status: 'valid', holder_name: 'Lia Learner', title: 'Safety basics', workload: 1.5,
  earned_in: '2026-03-15T12:00:00Z', expires_at: null, client_name: 'Demo Retail', ...patch,
});

async function open(answer: [number, unknown], locale: 'en' | 'pt-br' = 'en') {
  const { calls } = fakeApi({ 'GET /login_params/': [200, loginParams], 'GET /certificates/verify/ABC123/': answer });
  // no login: the page is public
  await renderWithApp(undefined, { path: '/certificates/verify/ABC123', locale });
  return calls;
}

describe('public certificate verification (spec 2 §4.9)', () => {
  it('says a certificate is valid, with holder, content, workload, dates and client, without a login', async () => {
    const calls = await open([200, verification()], 'pt-br');
    expect(await screen.findByText('Certificado válido.')).toBeInTheDocument();
    expect(screen.getByText('Lia Learner')).toBeInTheDocument();
    expect(screen.getByText('Safety basics')).toBeInTheDocument();
    expect(screen.getByText('1,5 h')).toBeInTheDocument();
    // spec 1 §9: pt-br (language 1) shows DD/MM/YYYY
    expect(screen.getByText('15/03/2026')).toBeInTheDocument();
    expect(screen.getByText('Sem vencimento')).toBeInTheDocument();
    expect(screen.getByText('Demo Retail')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/certificates/verify/ABC123/')?.headers.get('Authorization')).toBeNull();
  });

  it('says expired and superseded', async () => {
    await open([200, verification({ valid: false, status: 'expired', expires_at: '2026-09-15T12:00:00Z' })]);
    expect(await screen.findByText('This certificate is authentic but has expired.')).toBeInTheDocument();
    expect(screen.getByText('09-15-2026')).toBeInTheDocument();
  });

  it('says superseded', async () => {
    await open([200, verification({ valid: false, status: 'superseded' })]);
    expect(await screen.findByText(/replaced by a newer one/)).toBeInTheDocument();
  });

  it('says when the code is unknown', async () => {
    await open([404, { detail: 'Not found', code: 'not_found' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Certificate not found');
  });
});
