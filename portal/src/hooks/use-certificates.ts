import useSWRInfinite from 'swr/infinite';
import { LEARNER_PATHS, type LearnerCertificate } from '@lp/shared/contract';

export const CERTIFICATES_PAGE_SIZE = 10;

export interface LearnerCertificatePage { count: number; results: LearnerCertificate[] }

/** GET /api/certificates/?page=&page_size= — the profile's certificates, newest first, "load more". */
export function useCertificates() {
  return useSWRInfinite<LearnerCertificatePage>(
    (index, previous: LearnerCertificatePage | null) =>
      previous && index * CERTIFICATES_PAGE_SIZE >= previous.count
        ? null
        : `${LEARNER_PATHS.certificates}?page=${index + 1}&page_size=${CERTIFICATES_PAGE_SIZE}`,
    { revalidateFirstPage: false },
  );
}
