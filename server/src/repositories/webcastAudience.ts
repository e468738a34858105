/**
 * Whether a user is in a webcast's audience: the training rule (spec 2 §5.9 "Audience: as for
 * trainings") over webcast_user_groups, webcast_areas and webcast_profiles (contentAudience.ts).
 */
import type { AudienceMember } from './trailAudience.ts';
import { WEBCAST_AUDIENCE, inContentAudience } from './contentAudience.ts';

/** A where-clause over a query that has `webcasts` in scope: the webcast's audience holds the member. */
export const webcastAudienceCondition = (member: AudienceMember) => inContentAudience(WEBCAST_AUDIENCE, member);
