import { INSTITUTIONAL_PAGES, type InstitutionalPage } from '@lp/shared/rules';

/** institutional/{page} (spec 1 §2.2): about, privacy and terms show legal texts; help is the form; the FAQ has its own route. */
export const isInstitutionalPage = (page: string): page is InstitutionalPage => Object.hasOwn(INSTITUTIONAL_PAGES, page);
