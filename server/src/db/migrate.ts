import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { dialectOf } from './dialect.ts';
import * as core from './migrations/2026_11_21_0001_core.ts';
import * as usersOrganisation from './migrations/2026_11_22_0001_users_organisation.ts';
import * as jobsNotifications from './migrations/2026_11_22_0002_jobs_notifications.ts';
import * as imports from './migrations/2026_11_22_0003_imports.ts';
import * as reportsConsents from './migrations/2026_11_22_0004_reports_consents.ts';
import * as trainings from './migrations/2026_11_22_0005_trainings.ts';
import * as trainingMedia from './migrations/2026_11_23_0001_training_media.ts';
import * as testResults from './migrations/2026_11_23_0002_test_results.ts';
import * as trails from './migrations/2026_11_23_0005_trails.ts';
import * as learning from './migrations/2026_11_23_0006_learning.ts';
import * as learnerContent from './migrations/2026_11_23_0007_learner_content.ts';
import * as testEngine from './migrations/2026_11_23_0008_test_engine.ts';
import * as webcasts from './migrations/2026_11_23_0010_webcasts.ts';
import * as webcastContent from './migrations/2026_11_23_0011_webcast_content.ts';
import * as webcastChat from './migrations/2026_11_23_0012_webcast_chat.ts';
import * as streaming from './migrations/2026_11_23_0013_streaming.ts';
import * as newsFaq from './migrations/2026_11_23_0020_news_faq.ts';
import * as libraryPodcasts from './migrations/2026_11_23_0021_library_podcasts.ts';
import * as bannersMessages from './migrations/2026_11_23_0022_banners_messages.ts';
import * as badgesFeedPages from './migrations/2026_11_23_0023_badges_feed_pages.ts';
import * as profileEmailDomains from './migrations/2026_11_23_0024_profile_email_domains.ts';
import * as userSuperiors from './migrations/2026_11_23_0025_user_superiors.ts';
import * as branchCodeKey from './migrations/2026_11_23_0026_branch_code_key.ts';
import * as userDetails from './migrations/2026_11_23_0027_user_details.ts';
import * as branchDetails from './migrations/2026_11_23_0028_branch_details.ts';
import * as ownedContent from './migrations/2026_11_27_0001_owned_content.ts';
import * as audienceLinks from './migrations/2026_11_27_0002_audience_links.ts';
import * as security from './migrations/2026_11_27_0003_security.ts';
import * as jsonDocuments from './migrations/2026_11_27_0005_json_documents.ts';
import * as liveClasses from './migrations/2026_11_27_0020_live_classes.ts';
import * as surveys from './migrations/2026_11_27_0100_surveys.ts';
import * as drills from './migrations/2026_11_27_0400_drills.ts';
import * as generalTests from './migrations/2026_11_27_0410_general_tests.ts';
import * as gamePlays from './migrations/2026_11_27_0006_game_plays.ts';
import * as webcastViews from './migrations/2026_11_27_0030_webcast_views.ts';
import * as honestCompletion from './migrations/2026_11_27_0070_honest_completion.ts';
import * as countryDocuments from './migrations/2026_11_27_0110_country_documents.ts';
import * as presential from './migrations/2026_11_27_0130_presential.ts';
import * as fieldSales from './migrations/2026_11_27_0300_field_sales.ts';
import * as rewards from './migrations/2026_11_27_0200_rewards.ts';
import * as overviewIndexes from './migrations/2026_11_27_0060_overview_indexes.ts';
import * as publicFlows from './migrations/2026_11_27_0500_public_flows.ts';
import * as presentialResults from './migrations/2026_11_27_0600_presential_results.ts';
import * as presentialLearner from './migrations/2026_11_27_0610_presential_learner.ts';
import * as importTargets from './migrations/2026_11_27_0630_import_targets.ts';
import * as presentialTestTemplates from './migrations/2026_11_28_0100_presential_test_templates.ts';
import * as learnerNotices from './migrations/2026_11_28_0200_learner_notices.ts';
import * as rewardCategoryPoints from './migrations/2026_11_28_0300_reward_category_points.ts';
import * as entityFields from './migrations/2026_11_28_0500_entity_fields.ts';
import * as scheduleEvents from './migrations/2026_11_29_0100_schedule_events.ts';
import * as clientImportCodes from './migrations/2026_11_29_0200_client_import_codes.ts';
import * as fieldTaskPhotoUploads from './migrations/2026_11_29_0300_field_task_photo_uploads.ts';
import * as reportsPanelIndexes from './migrations/2026_11_29_0500_reports_panel_indexes.ts';
import * as chatClientMessageId from './migrations/2026_11_30_0200_chat_client_message_id.ts';
import * as webcastChatMediaTime from './migrations/2026_11_30_0500_webcast_chat_media_time.ts';
import * as streamSessionLease from './migrations/2026_12_01_0500_stream_session_lease.ts';

/** Migrations listed in order; a static list works the same under tsx and in bundles. */
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_21_0001_core': core,
  '2026_11_22_0001_users_organisation': usersOrganisation,
  '2026_11_22_0002_jobs_notifications': jobsNotifications,
  '2026_11_22_0003_imports': imports,
  '2026_11_22_0004_reports_consents': reportsConsents,
  '2026_11_22_0005_trainings': trainings,
  '2026_11_23_0001_training_media': trainingMedia,
  '2026_11_23_0002_test_results': testResults,
  '2026_11_23_0005_trails': trails,
  '2026_11_23_0006_learning': learning,
  '2026_11_23_0007_learner_content': learnerContent,
  '2026_11_23_0008_test_engine': testEngine,
  '2026_11_23_0010_webcasts': webcasts,
  '2026_11_23_0011_webcast_content': webcastContent,
  '2026_11_23_0012_webcast_chat': webcastChat,
  '2026_11_23_0013_streaming': streaming,
  '2026_11_23_0020_news_faq': newsFaq,
  '2026_11_23_0021_library_podcasts': libraryPodcasts,
  '2026_11_23_0022_banners_messages': bannersMessages,
  '2026_11_23_0023_badges_feed_pages': badgesFeedPages,
  '2026_11_23_0024_profile_email_domains': profileEmailDomains,
  '2026_11_23_0025_user_superiors': userSuperiors,
  '2026_11_23_0026_branch_code_key': branchCodeKey,
  '2026_11_23_0027_user_details': userDetails,
  '2026_11_23_0028_branch_details': branchDetails,
  '2026_11_27_0001_owned_content': ownedContent,
  '2026_11_27_0002_audience_links': audienceLinks,
  '2026_11_27_0003_security': security,
  '2026_11_27_0005_json_documents': jsonDocuments,
  '2026_11_27_0020_live_classes': liveClasses,
  '2026_11_27_0006_game_plays': gamePlays,
  '2026_11_27_0030_webcast_views': webcastViews,
  '2026_11_27_0070_honest_completion': honestCompletion,
  '2026_11_27_0130_presential': presential,
  '2026_11_27_0200_rewards': rewards,
  '2026_11_27_0060_overview_indexes': overviewIndexes,
  '2026_11_27_0100_surveys': surveys,
  '2026_11_27_0110_country_documents': countryDocuments,
  '2026_11_27_0400_drills': drills,
  '2026_11_27_0410_general_tests': generalTests,
  '2026_11_27_0300_field_sales': fieldSales,
  '2026_11_27_0500_public_flows': publicFlows,
  '2026_11_27_0600_presential_results': presentialResults,
  '2026_11_27_0610_presential_learner': presentialLearner,
  '2026_11_27_0630_import_targets': importTargets,
  '2026_11_28_0100_presential_test_templates': presentialTestTemplates,
  '2026_11_28_0200_learner_notices': learnerNotices,
  '2026_11_28_0300_reward_category_points': rewardCategoryPoints,
  '2026_11_28_0500_entity_fields': entityFields,
  '2026_11_29_0100_schedule_events': scheduleEvents,
  '2026_11_29_0200_client_import_codes': clientImportCodes,
  '2026_11_29_0300_field_task_photo_uploads': fieldTaskPhotoUploads,
  '2026_11_29_0500_reports_panel_indexes': reportsPanelIndexes,
  '2026_11_30_0200_chat_client_message_id': chatClientMessageId,
  '2026_11_30_0500_webcast_chat_media_time': webcastChatMediaTime,
  '2026_12_01_0500_stream_session_lease': streamSessionLease,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  // Postgres: Kysely looks for its own tables in every schema; naming ours keeps another schema's
  // (one per test file, one per benchmark) from passing for this one's
  const schema = dialectOf(db) === 'postgres'
    ? (await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)).rows[0]?.schema ?? undefined
    : undefined;
  const { error, results } = await new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
