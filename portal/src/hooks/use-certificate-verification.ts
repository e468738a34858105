import useSWR from 'swr';
import { LEARNER_PATHS, type CertificateVerification } from '@lp/shared/contract';

/** GET /api/certificates/verify/{code}/ — public: anyone holding the link checks a certificate. */
export function useCertificateVerification(code: string) {
  return useSWR<CertificateVerification>(code ? LEARNER_PATHS.verifyCertificate(encodeURIComponent(code)) : null, {
    revalidateOnFocus: false,
  });
}
