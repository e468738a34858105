/** The audience of content (docs/architecture/audience.md): one declaration, one repository, one rule. */
export {
  AUDIENCE_KINDS, hasMandatory, hasTags, type AudienceDimension, type AudienceKind, type AudienceTables, type MandatoryKind, type TaggedKind,
} from './kinds.ts';
export {
  audienceDb, copyAudience, foreignAudienceIds, readAudience, readAudiences, tagNames, tagsUsedBy, writeAudience,
  type Audience, type AudienceIds, type AudienceInput,
} from './store.ts';
export {
  audienceMember, clientMemberInAudience, inAudience, linkedTo, mandatoryFor, memberInAudienceOf, memberInChosenAudience, type AudienceMember, type ChosenAudience,
} from './rule.ts';
export { audienceReach, type AudienceReach } from './reach.ts';
export { createAudienceTables, dropAudienceTables, type AudienceTablesOf } from './schema.ts';
