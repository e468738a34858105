/**
 * The learner paths and list filters (contract/learner.ts), apart from the schemas: nearly every
 * portal page takes them, and a module of plain values brings no TypeBox into the pages' bundles
 * (a bundler keeps a module's schemas once any of its exports is used).
 */
export const LEARNER_PATHS = {
  trainings: '/group_trainings/',
  training: (id: number | string) => `/group_trainings/${id}/`,
  favorite: (id: number | string) => `/group_trainings/${id}/favorite/`,
  like: (id: number | string) => `/group_trainings/${id}/like/`,
  rate: (id: number | string) => `/group_trainings/${id}/rate/`,
  restart: (id: number | string) => `/group_trainings/${id}/restart/`,
  moduleProgress: (id: number | string, moduleId: number | string) => `/group_trainings/${id}/modules/${moduleId}/progress/`,
  scorm: (id: number | string, moduleId: number | string) => `/group_trainings/${id}/modules/${moduleId}/scorm/`,
  attempts: (id: number | string, testId: number | string) => `/group_trainings/${id}/tests/${testId}/attempts/`,
  attempt: (id: number | string, testId: number | string, attemptId: number | string) => `/group_trainings/${id}/tests/${testId}/attempts/${attemptId}/`,
  answer: (id: number | string, testId: number | string, attemptId: number | string, questionId: number | string) =>
    `/group_trainings/${id}/tests/${testId}/attempts/${attemptId}/answers/${questionId}/`,
  submit: (id: number | string, testId: number | string, attemptId: number | string) => `/group_trainings/${id}/tests/${testId}/attempts/${attemptId}/submit/`,
  evaluation: (id: number | string) => `/group_trainings/${id}/evaluation/`,
  comments: (id: number | string) => `/group_trainings/${id}/comments/`,
  trails: '/trails/',
  trail: (id: number | string) => `/trails/${id}/`,
  trailFavorite: (id: number | string) => `/trails/${id}/favorite/`,
  trailLike: (id: number | string) => `/trails/${id}/like/`,
  trailRate: (id: number | string) => `/trails/${id}/rate/`,
  trailComments: (id: number | string) => `/trails/${id}/comments/`,
  certificates: '/certificates/',
  certificatePdf: (id: number | string) => `/certificates/${id}/pdf/`,
  /** public, no login: the verification page's data */
  verifyCertificate: (code: string) => `/certificates/verify/${code}/`,
  home: '/home/',
  pointsStatement: '/home/points/',
  ranking: '/home/ranking/',
} as const;

/** spec 1 §2.2 learner filters of courses and trails (kept per list by the portal). */
export const LEARNER_PROGRESS_FILTERS = ['all', 'not_started', 'ongoing', 'finished'] as const;
export type LearnerProgressFilter = (typeof LEARNER_PROGRESS_FILTERS)[number];
export const LEARNER_FAVORITE_FILTERS = ['all', 'favorites'] as const;

/**
 * spec 1 §2.3 "view editor as a student": the header carrying a preview grant (contract/viewEditor.ts)
 * on the one learner read it is for; every other route refuses a request that carries it.
 */
export const PREVIEW_GRANT_HEADER = 'X-Preview-Grant';
