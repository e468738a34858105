import type { Kysely, Transaction } from 'kysely';
import type * as Presential from './tables/presential.table.ts';
import type * as PresentialResults from './tables/presentialResults.table.ts';
import type * as PresentialTestTemplates from './tables/presentialTestTemplate.table.ts';
import type * as FieldSales from './tables/fieldSales.table.ts';
import type * as Reward from './tables/reward.table.ts';
import type { ScheduleEventTable } from './tables/scheduleEvent.table.ts';
import type { ClientImportCodeTable, ClientTable, LoginConfigTable, OauthApplicationTable } from './tables/client.table.ts';
import type {
  AuditLogTable, UserAreaTable, UserClientTable, UserMandatoryAreaTable, UserMandatoryProfileTable, UserModuleItemTable, UserSuperiorTable, UserTable,
} from './tables/user.table.ts';
import type { BranchTable, CountryTable, HeadquarterTable, NamedClientTable } from './tables/company.table.ts';
import type {
  AreaTable, ProfileTable, TagAreaTable, TagTable, UserGroupMemberTable, UserGroupTable,
} from './tables/organisation.table.ts';
import type { JobTable, LearnerNoticeTable, NotificationTable } from './tables/job.table.ts';
import type { ImportLogTable, ImportTable, UploadTable } from './tables/import.table.ts';
import type { ReportRequestTable, ReportTable, UserConsentTable } from './tables/report.table.ts';
import type {
  BaseEvaluationQuestionTable, BaseEvaluationTable, GroupTrainingEvaluationQuestionTable, GroupTrainingEvaluationTable, GroupTrainingGameTable,
  GroupTrainingHierarchyTable, GroupTrainingMaterialTable, GroupTrainingModuleTable, GroupTrainingModuleTypeTable, GroupTrainingOwnerTable,
  GroupTrainingTable, GroupTrainingTestQuestionAnswerTable, GroupTrainingTestQuestionTable, GroupTrainingTestTable, GroupTrainingTestTypeTable,
  GroupTrainingTypeTable, SlugLookupTable,
} from './tables/training.table.ts';
import type { GroupTrainingTestResultTable } from './tables/testResult.table.ts';
import type { GroupTrainingGamePlayAnswerTable, GroupTrainingGamePlayTable, GroupTrainingGameSkipTable } from './tables/gamePlay.table.ts';
import type { AudienceAreaTable, AudienceProfileTable, AudienceTagTable, AudienceUserGroupTable } from './tables/audience.table.ts';
import type { CommentTable } from './tables/comment.table.ts';
import type { EditorImageUploadTable, MediaObjectTable } from './tables/media.table.ts';
import type { ForumReplyLikeTable, ForumReplyTable, ForumTopicLikeTable, ForumTopicTable } from './tables/forum.table.ts';
import type { TrailCategoryLinkTable, TrailCategoryTable, TrailItemTable, TrailTable } from './tables/trail.table.ts';
import type {
  LoginFailureTable, OauthTokenTable, PasswordResetTable, SmsCodeTable, PartnerProviderTable, PartnerLoginStateTable, CaptchaUseTable, TokenFamilyTable,
} from './tables/auth.table.ts';

import type {
  CertificateTable, ContentReactionTable, GroupTrainingEnrollmentTable, GroupTrainingEvaluationAnswerTable, GroupTrainingModuleProgressTable,
  GroupTrainingTestAttemptQuestionTable, PointsLedgerTable, TrailEnrollmentTable,
} from './tables/learning.table.ts';

import type {
  WebcastSubscriberTable, WebcastTable, WebcastTypeTable, WebcastViewTable, WebcastEvaluationAnswerTable, WebcastEvaluationQuestionTable, WebcastEvaluationTable,
  WebcastMaterialTable, WebcastTestAttemptQuestionTable, WebcastTestQuestionAnswerTable, WebcastTestQuestionTable, WebcastTestResultTable,
  WebcastTestTable,
} from './tables/webcast.table.ts';
import type { RealtimeTicketTable, WebcastChatMessageTable } from './tables/webcastChat.table.ts';
import type {
  LiveClassEvaluationAnswerTable, LiveClassEvaluationQuestionTable, LiveClassEvaluationTable, LiveClassInstructorTable, LiveClassMaterialTable,
  LiveClassParticipantTable, LiveClassPlatformTypeTable, LiveClassTable, LiveClassTestAttemptQuestionTable, LiveClassTestQuestionAnswerTable,
  LiveClassTestQuestionTable, LiveClassTestResultTable, LiveClassTestTable,
} from './tables/liveClass.table.ts';
import type {
  SurveyOwnerTable, SurveyQuestionTypeTable, SurveyTable, SurveyTestAttemptQuestionTable, SurveyTestQuestionAnswerTable, SurveyTestQuestionTable,
  SurveyTestResultTable, SurveyTestTable, SurveyTypeTable,
} from './tables/survey.table.ts';
import type {
  DrillTable, DrillTestAttemptQuestionTable, DrillTestQuestionAnswerTable, DrillTestQuestionTable, DrillTestResultTable, DrillTestTable,
} from './tables/drill.table.ts';
import type {
  GeneralTestTable, GeneralTestTestAttemptQuestionTable, GeneralTestTestQuestionAnswerTable, GeneralTestTestQuestionTable, GeneralTestTestResultTable,
  GeneralTestTestTable,
} from './tables/generalTest.table.ts';
import type { WebcastStreamSessionTable, WebcastStreamTable } from './tables/streaming.table.ts';

import type { LibraryCategoryTable, LibraryFileTable, LibraryFileUserTable } from './tables/library.table.ts';
import type { PodcastPlaylistItemTable, PodcastPlaylistTable, PodcastProgressTable, PodcastTable } from './tables/podcast.table.ts';
import type {
  BannerTable, MailingListConfigTable, MessageRecipientTable, MessageTable, MessageUserTable, WelcomeBannerConfirmationTable, WelcomeBannerTable,
} from './tables/bannerMessage.table.ts';
import type { FaqCategoryTable, FaqQuestionTable, FaqReceivedQuestionTable, NewsTable, NewsViewTable } from './tables/newsFaq.table.ts';

import type { BadgeTable, FeedEventTable, HelpRequestTable, LegalTextTable, UserBadgeTable, WildcardPageTable } from './tables/engagement.table.ts';

export interface Database {
  clients: ClientTable;
  client_import_codes: ClientImportCodeTable;
  oauth_applications: OauthApplicationTable;
  login_config: LoginConfigTable;
  users: UserTable;
  user_clients: UserClientTable;
  user_module_items: UserModuleItemTable;
  areas: AreaTable;
  profiles: ProfileTable;
  user_groups: UserGroupTable;
  user_group_members: UserGroupMemberTable;
  tags: TagTable;
  tag_areas: TagAreaTable;
  token_families: TokenFamilyTable;
  oauth_tokens: OauthTokenTable;
  login_failures: LoginFailureTable;
  password_resets: PasswordResetTable;
  sms_codes: SmsCodeTable;
  partner_providers: PartnerProviderTable;
  partner_login_states: PartnerLoginStateTable;
  captcha_uses: CaptchaUseTable;
  user_areas: UserAreaTable;
  user_superiors: UserSuperiorTable;
  user_mandatory_areas: UserMandatoryAreaTable;
  user_mandatory_profiles: UserMandatoryProfileTable;
  audit_log: AuditLogTable;
  countries: CountryTable;
  regionals: NamedClientTable;
  branch_types: NamedClientTable;
  branch_size_types: NamedClientTable;
  headquarters: HeadquarterTable;
  branches: BranchTable;
  jobs: JobTable;
  notifications: NotificationTable;
  uploads: UploadTable;
  imports: ImportTable;
  import_logs: ImportLogTable;
  report_requests: ReportRequestTable;
  reports: ReportTable;
  user_consents: UserConsentTable;
  // online content (2026_11_22_0005_trainings)
  group_training_types: GroupTrainingTypeTable;
  group_training_module_types: GroupTrainingModuleTypeTable;
  group_training_test_types: GroupTrainingTestTypeTable;
  evaluation_question_types: SlugLookupTable;
  group_training_game_types: SlugLookupTable;
  group_trainings: GroupTrainingTable;
  group_training_tags: AudienceTagTable;
  group_training_areas: AudienceAreaTable;
  group_training_profiles: AudienceProfileTable;
  group_training_user_groups: AudienceUserGroupTable;
  group_training_owners: GroupTrainingOwnerTable;
  group_training_modules: GroupTrainingModuleTable;
  group_training_games: GroupTrainingGameTable;
  group_training_tests: GroupTrainingTestTable;
  group_training_test_questions: GroupTrainingTestQuestionTable;
  group_training_test_question_answers: GroupTrainingTestQuestionAnswerTable;
  // 2026_11_23_0002_test_results
  group_training_test_results: GroupTrainingTestResultTable;
  group_training_evaluations: GroupTrainingEvaluationTable;
  group_training_evaluation_questions: GroupTrainingEvaluationQuestionTable;
  base_evaluations: BaseEvaluationTable;
  base_evaluation_questions: BaseEvaluationQuestionTable;
  group_training_materials: GroupTrainingMaterialTable;
  group_training_hierarchy: GroupTrainingHierarchyTable;
  // 2026_11_23_0001_training_media
  media_objects: MediaObjectTable;
  editor_image_uploads: EditorImageUploadTable;
  comments: CommentTable;
  forum_topics: ForumTopicTable;
  forum_replies: ForumReplyTable;
  forum_topic_likes: ForumTopicLikeTable;
  forum_reply_likes: ForumReplyLikeTable;
  trails: TrailTable;
  trail_categories: TrailCategoryTable;
  trail_category_links: TrailCategoryLinkTable;
  trail_areas: AudienceAreaTable;
  trail_profiles: AudienceProfileTable;
  trail_user_groups: AudienceUserGroupTable;
  trail_tags: AudienceTagTable;
  trail_items: TrailItemTable;
  // the learner side (2026_11_23_0006_learning)
  group_training_enrollments: GroupTrainingEnrollmentTable;
  group_training_module_progress: GroupTrainingModuleProgressTable;
  group_training_test_attempt_questions: GroupTrainingTestAttemptQuestionTable;
  certificates: CertificateTable;
  content_reactions: ContentReactionTable;
  points_ledger: PointsLedgerTable;
  group_training_evaluation_answers: GroupTrainingEvaluationAnswerTable;
  trail_enrollments: TrailEnrollmentTable;
  // games played (2026_11_27_0006_game_plays)
  group_training_game_plays: GroupTrainingGamePlayTable;
  group_training_game_play_answers: GroupTrainingGamePlayAnswerTable;
  group_training_game_skips: GroupTrainingGameSkipTable;
  // webcasts (2026_11_23_0010_webcasts); tests, evaluations, materials, chat and streaming add theirs
  webcast_types: WebcastTypeTable;
  webcasts: WebcastTable;
  webcast_areas: AudienceAreaTable;
  webcast_profiles: AudienceProfileTable;
  webcast_user_groups: AudienceUserGroupTable;
  webcast_tags: AudienceTagTable;
  webcast_subscribers: WebcastSubscriberTable;
  /** who watched a webcast (2026_11_27_0030_webcast_views) */
  webcast_views: WebcastViewTable;
  // tests, evaluations and materials of webcasts (2026_11_23_0011_webcast_content)
  webcast_tests: WebcastTestTable;
  webcast_test_questions: WebcastTestQuestionTable;
  webcast_test_question_answers: WebcastTestQuestionAnswerTable;
  webcast_test_results: WebcastTestResultTable;
  webcast_test_attempt_questions: WebcastTestAttemptQuestionTable;
  webcast_evaluations: WebcastEvaluationTable;
  webcast_evaluation_questions: WebcastEvaluationQuestionTable;
  webcast_evaluation_answers: WebcastEvaluationAnswerTable;
  webcast_materials: WebcastMaterialTable;
  // chat and realtime tickets (2026_11_23_0012_webcast_chat)
  webcast_chat_messages: WebcastChatMessageTable;
  realtime_tickets: RealtimeTicketTable;
  // streaming (2026_11_23_0013_streaming)
  webcast_streams: WebcastStreamTable;
  webcast_stream_sessions: WebcastStreamSessionTable;
  // live classes (2026_11_27_0020_live_classes): the class, its people, its owned content and audience
  live_class_platform_types: LiveClassPlatformTypeTable;
  live_classes: LiveClassTable;
  live_class_instructors: LiveClassInstructorTable;
  live_class_participants: LiveClassParticipantTable;
  live_class_tests: LiveClassTestTable;
  live_class_test_questions: LiveClassTestQuestionTable;
  live_class_test_question_answers: LiveClassTestQuestionAnswerTable;
  live_class_test_results: LiveClassTestResultTable;
  live_class_test_attempt_questions: LiveClassTestAttemptQuestionTable;
  live_class_evaluations: LiveClassEvaluationTable;
  live_class_evaluation_questions: LiveClassEvaluationQuestionTable;
  live_class_evaluation_answers: LiveClassEvaluationAnswerTable;
  live_class_materials: LiveClassMaterialTable;
  live_class_areas: AudienceAreaTable;
  live_class_profiles: AudienceProfileTable;
  live_class_user_groups: AudienceUserGroupTable;
  live_class_tags: AudienceTagTable;
  // surveys (2026_11_27_0100_surveys): a question-only owner of the owned-content core, with an audience
  survey_types: SurveyTypeTable;
  survey_question_types: SurveyQuestionTypeTable;
  surveys: SurveyTable;
  survey_owners: SurveyOwnerTable;
  survey_tests: SurveyTestTable;
  survey_test_questions: SurveyTestQuestionTable;
  survey_test_question_answers: SurveyTestQuestionAnswerTable;
  survey_test_results: SurveyTestResultTable;
  survey_test_attempt_questions: SurveyTestAttemptQuestionTable;
  survey_areas: AudienceAreaTable;
  survey_profiles: AudienceProfileTable;
  survey_user_groups: AudienceUserGroupTable;
  // drills (2026_11_27_0400_drills): a question-only owner of the owned-content core
  drills: DrillTable;
  drill_tests: DrillTestTable;
  drill_test_questions: DrillTestQuestionTable;
  drill_test_question_answers: DrillTestQuestionAnswerTable;
  drill_test_results: DrillTestResultTable;
  drill_test_attempt_questions: DrillTestAttemptQuestionTable;
  // general tests (2026_11_27_0410_general_tests): a question-only owner with an audience
  general_tests: GeneralTestTable;
  general_test_tests: GeneralTestTestTable;
  general_test_test_questions: GeneralTestTestQuestionTable;
  general_test_test_question_answers: GeneralTestTestQuestionAnswerTable;
  general_test_test_results: GeneralTestTestResultTable;
  general_test_test_attempt_questions: GeneralTestTestAttemptQuestionTable;
  general_test_areas: AudienceAreaTable;
  general_test_profiles: AudienceProfileTable;
  general_test_user_groups: AudienceUserGroupTable;
  // what learners were told of surveys, drill days and general tests (2026_11_28_0200_learner_notices)
  learner_notices: LearnerNoticeTable;
  // face-to-face (2026_11_27_0130_presential): reference data, appointments, events (owners), vacancies, enrollments
  presential_appointment_types: Presential.PresentialAppointmentTypeTable;
  presential_product_categories: Presential.PresentialNamedTable;
  presential_products: Presential.PresentialProductTable;
  presential_support_materials: Presential.PresentialSupportMaterialTable;
  presential_courses: Presential.PresentialCourseTable;
  presential_appointments: Presential.PresentialAppointmentTable;
  presential_appointment_instructors: Presential.PresentialAppointmentUserTable;
  presential_appointment_invitees: Presential.PresentialAppointmentUserTable;
  presential_appointment_materials: Presential.PresentialAppointmentMaterialTable;
  presential_appointment_history: Presential.PresentialAppointmentHistoryTable;
  presential_appointment_areas: AudienceAreaTable;
  presential_appointment_profiles: AudienceProfileTable;
  presential_appointment_user_groups: AudienceUserGroupTable;
  presential_events: Presential.PresentialEventTable;
  presential_event_instructors: Presential.PresentialEventInstructorTable;
  presential_event_tests: Presential.PresentialEventTestTable;
  presential_event_test_questions: Presential.PresentialEventTestQuestionTable;
  presential_event_test_question_answers: Presential.PresentialEventTestQuestionAnswerTable;
  presential_event_test_results: Presential.PresentialEventTestResultTable;
  presential_event_test_attempt_questions: Presential.PresentialEventTestAttemptQuestionTable;
  presential_event_evaluations: Presential.PresentialEventEvaluationTable;
  presential_event_evaluation_questions: Presential.PresentialEventEvaluationQuestionTable;
  presential_event_evaluation_answers: Presential.PresentialEventEvaluationAnswerTable;
  presential_event_materials: Presential.PresentialEventMaterialTable;
  presential_planned_vacancies: Presential.PresentialPlannedVacancyTable;
  // face-to-face results and costs (2026_11_27_0600_presential_results)
  presential_appointment_closings: PresentialResults.PresentialAppointmentClosingTable;
  presential_event_costs: PresentialResults.PresentialEventCostTable;
  presential_additional_costs: PresentialResults.PresentialAdditionalCostTable;
  presential_enrollments: Presential.PresentialEnrollmentTable;
  // face-to-face test templates (2026_11_28_0100_presential_test_templates): a question-only owner
  presential_test_templates: PresentialTestTemplates.PresentialTestTemplateTable;
  presential_test_template_tests: PresentialTestTemplates.PresentialTestTemplateTestTable;
  presential_test_template_test_questions: PresentialTestTemplates.PresentialTestTemplateTestQuestionTable;
  presential_test_template_test_question_answers: PresentialTestTemplates.PresentialTestTemplateTestQuestionAnswerTable;
  presential_test_template_test_results: PresentialTestTemplates.PresentialTestTemplateTestResultTable;
  presential_test_template_test_attempt_questions: PresentialTestTemplates.PresentialTestTemplateTestAttemptQuestionTable;
  // field-sales tasks (2026_11_27_0300_field_sales): questionnaires, task series, tasks, answers
  field_questionnaires: FieldSales.FieldQuestionnaireTable;
  field_questionnaire_steps: FieldSales.FieldQuestionnaireStepTable;
  field_questions: FieldSales.FieldQuestionTable;
  field_task_series: FieldSales.FieldTaskSeriesTable;
  field_tasks: FieldSales.FieldTaskTable;
  field_task_answers: FieldSales.FieldTaskAnswerTable;
  // reward campaigns (2026_11_27_0200_rewards): reference lists, campaigns, people, sales, the points ledger, catalog, orders
  reward_categories: Reward.RewardNamedTable;
  reward_departments: Reward.RewardNamedTable;
  reward_brands: Reward.RewardNamedTable;
  reward_sale_product_types: Reward.RewardNamedTable;
  reward_upload_file_types: Reward.RewardNamedTable;
  reward_levels: Reward.RewardNamedTable;
  reward_types: Reward.RewardNamedTable;
  reward_sale_products: Reward.RewardSaleProductTable;
  reward_audit_justifications: Reward.RewardAuditJustificationTable;
  reward_campaigns: Reward.RewardCampaignTable;
  reward_campaign_areas: AudienceAreaTable;
  reward_campaign_profiles: AudienceProfileTable;
  reward_campaign_user_groups: AudienceUserGroupTable;
  // calendar items administrators write (2026_11_29_0100_schedule_events), with an audience
  schedule_events: ScheduleEventTable;
  schedule_event_areas: AudienceAreaTable;
  schedule_event_profiles: AudienceProfileTable;
  schedule_event_user_groups: AudienceUserGroupTable;
  reward_campaign_stores: Reward.RewardCampaignStoreTable;
  reward_campaign_levels: Reward.RewardCampaignLevelTable;
  reward_points_table: Reward.RewardPointsTableTable;
  reward_campaign_category_points: Reward.RewardCategoryPointsTable;
  reward_campaign_users: Reward.RewardCampaignUserTable;
  reward_campaign_user_events: Reward.RewardCampaignUserEventTable;
  reward_sales: Reward.RewardSaleTable;
  reward_sale_items: Reward.RewardSaleItemTable;
  reward_points_entries: Reward.RewardPointsEntryTable;
  reward_campaign_events: Reward.RewardCampaignEventTable;
  reward_photo_uploads: Reward.RewardPhotoUploadTable;
  reward_rewards: Reward.RewardTable;
  reward_orders: Reward.RewardOrderTable;
  reward_redeem_codes: Reward.RewardRedeemCodeTable;
  reward_order_history: Reward.RewardOrderHistoryTable;
  // library and podcasts (2026_11_23_0021_library_podcasts)
  library_categories: LibraryCategoryTable;
  library_files: LibraryFileTable;
  library_file_areas: AudienceAreaTable;
  library_file_profiles: AudienceProfileTable;
  library_file_user_groups: AudienceUserGroupTable;
  library_file_tags: AudienceTagTable;
  library_file_users: LibraryFileUserTable;
  podcasts: PodcastTable;
  podcast_areas: AudienceAreaTable;
  podcast_profiles: AudienceProfileTable;
  podcast_user_groups: AudienceUserGroupTable;
  podcast_tags: AudienceTagTable;
  podcast_playlists: PodcastPlaylistTable;
  podcast_playlist_items: PodcastPlaylistItemTable;
  podcast_progress: PodcastProgressTable;
  // banners, welcome banners, messages and mailing list (2026_11_23_0022_banners_messages)
  banners: BannerTable;
  banner_areas: AudienceAreaTable;
  banner_profiles: AudienceProfileTable;
  banner_user_groups: AudienceUserGroupTable;
  welcome_banners: WelcomeBannerTable;
  welcome_banner_areas: AudienceAreaTable;
  welcome_banner_profiles: AudienceProfileTable;
  welcome_banner_user_groups: AudienceUserGroupTable;
  welcome_banner_confirmations: WelcomeBannerConfirmationTable;
  messages: MessageTable;
  message_users: MessageUserTable;
  message_areas: AudienceAreaTable;
  message_profiles: AudienceProfileTable;
  message_user_groups: AudienceUserGroupTable;
  message_recipients: MessageRecipientTable;
  mailing_list_configs: MailingListConfigTable;
  // news and FAQ (2026_11_23_0020_news_faq)
  news: NewsTable;
  news_areas: AudienceAreaTable;
  news_profiles: AudienceProfileTable;
  news_user_groups: AudienceUserGroupTable;
  news_tags: AudienceTagTable;
  news_views: NewsViewTable;
  faq_categories: FaqCategoryTable;
  faq_questions: FaqQuestionTable;
  faq_received_questions: FaqReceivedQuestionTable;
  // badges, feed, legal texts, wildcard pages (2026_11_23_0023_badges_feed_pages)
  badges: BadgeTable;
  user_badges: UserBadgeTable;
  feed_events: FeedEventTable;
  legal_texts: LegalTextTable;
  wildcard_pages: WildcardPageTable;
  wildcard_page_areas: AudienceAreaTable;
  wildcard_page_profiles: AudienceProfileTable;
  wildcard_page_user_groups: AudienceUserGroupTable;
  help_requests: HelpRequestTable;
}

export type Db = Kysely<Database> | Transaction<Database>;
