import type { LearnerLiveClass, LearnerLiveClassCard } from '@lp/shared/contract';

/** An open class the learner has not joined, starting 2026-12-10 19:00 São Paulo (22:00 UTC), 20 seats, 5 left. */
export function liveClassCard(extra: Partial<LearnerLiveClassCard> = {}): LearnerLiveClassCard {
  return {
    id: 7, title: 'Customer service that delights', live_class_type: 'open', live_class_date: '2026-12-10T19:00:00-03:00',
    timezone: 'America/Sao_Paulo', status: 1, score: 10, workload: 1.5, tags: [{ id: 1, name: 'Sales' }], role: 'none',
    maximum_participants: 20, vacancies: 5, sold_out: false, can_subscribe: true, can_unsubscribe: false, room_open: false,
    room_opens_at: '2026-12-10T21:45:00.000Z', finished: false, ...extra,
  };
}

export function liveClass(extra: Partial<LearnerLiveClass> = {}): LearnerLiveClass {
  return {
    ...liveClassCard(), description: '<p>Active listening, in pairs.</p>', platform: 'external', instructors: [{ id: 2, name: 'Ines Instructor' }], activities_available: false,
    tests: [], evaluation: null, completed: false, certificate: null, ...extra,
  };
}
