import { Type } from '@sinclair/typebox';
import { PageNumber } from '@lp/shared/contract';

/** The learner lists' "load more" paging: page (1-based) and page_size, answered as {count, results}. */
export const LearnerPageQuery = Type.Object({
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const pageOf = (query: { page?: number; page_size?: number }, defaultSize = 10) => {
  const size = query.page_size ?? defaultSize;
  return { offset: ((query.page ?? 1) - 1) * size, limit: size };
};
