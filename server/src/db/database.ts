import type { Kysely, Transaction } from 'kysely';
import type { ClientTable, LoginConfigTable, OauthApplicationTable } from './tables/client.table.ts';
import type {
  AuditLogTable, UserAreaTable, UserClientTable, UserModuleItemTable, UserTable,
} from './tables/user.table.ts';
import type { BranchTable, CountryTable, HeadquarterTable, NamedClientTable } from './tables/company.table.ts';
import type {
  AreaTable, ProfileTable, TagAreaTable, TagTable, UserGroupMemberTable, UserGroupTable,
} from './tables/organisation.table.ts';
import type { JobTable, NotificationTable } from './tables/job.table.ts';
import type { ImportLogTable, ImportTable, UploadTable } from './tables/import.table.ts';
import type { ReportRequestTable, ReportTable, UserConsentTable } from './tables/report.table.ts';
import type {
  BaseEvaluationQuestionTable, BaseEvaluationTable, GroupTrainingAreaTable, GroupTrainingEvaluationQuestionTable,
  GroupTrainingEvaluationTable, GroupTrainingGameTable, GroupTrainingHierarchyTable, GroupTrainingMaterialTable,
  GroupTrainingModuleTable, GroupTrainingModuleTypeTable, GroupTrainingOwnerTable, GroupTrainingProfileTable,
  GroupTrainingTable, GroupTrainingTagTable, GroupTrainingTestQuestionAnswerTable, GroupTrainingTestQuestionTable,
  GroupTrainingTestTable, GroupTrainingTestTypeTable, GroupTrainingTypeTable, GroupTrainingUserGroupTable, SlugLookupTable,
} from './tables/training.table.ts';
import type { GroupTrainingTestResultTable } from './tables/testResult.table.ts';
import type { CommentTable } from './tables/comment.table.ts';
import type { EditorImageUploadTable, MediaObjectTable } from './tables/media.table.ts';
import type { ForumReplyLikeTable, ForumReplyTable, ForumTopicLikeTable, ForumTopicTable } from './tables/forum.table.ts';
import type {
  TrailAreaTable, TrailCategoryLinkTable, TrailCategoryTable, TrailItemTable, TrailProfileTable, TrailTable, TrailTagTable,
  TrailUserGroupTable,
} from './tables/trail.table.ts';
import type {
  LoginFailureTable, OauthTokenTable, PasswordResetTable, TokenFamilyTable,
} from './tables/auth.table.ts';

import type {
  CertificateTable, ContentReactionTable, GroupTrainingEnrollmentTable, GroupTrainingEvaluationAnswerTable, GroupTrainingModuleProgressTable,
  GroupTrainingTestAttemptQuestionTable, PointsLedgerTable, TrailEnrollmentTable,
} from './tables/learning.table.ts';

import type {
  WebcastAreaTable, WebcastProfileTable, WebcastSubscriberTable, WebcastTable, WebcastTagTable, WebcastTypeTable, WebcastUserGroupTable,
} from './tables/webcast.table.ts';

export interface Database {
  clients: ClientTable;
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
  user_areas: UserAreaTable;
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
  // issue 4: online content (2026_11_22_0005_trainings)
  group_training_types: GroupTrainingTypeTable;
  group_training_module_types: GroupTrainingModuleTypeTable;
  group_training_test_types: GroupTrainingTestTypeTable;
  evaluation_question_types: SlugLookupTable;
  group_training_game_types: SlugLookupTable;
  group_trainings: GroupTrainingTable;
  group_training_tags: GroupTrainingTagTable;
  group_training_areas: GroupTrainingAreaTable;
  group_training_profiles: GroupTrainingProfileTable;
  group_training_user_groups: GroupTrainingUserGroupTable;
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
  trail_areas: TrailAreaTable;
  trail_profiles: TrailProfileTable;
  trail_user_groups: TrailUserGroupTable;
  trail_tags: TrailTagTable;
  trail_items: TrailItemTable;
  // issue 5: the learner side (2026_11_23_0006_learning)
  group_training_enrollments: GroupTrainingEnrollmentTable;
  group_training_module_progress: GroupTrainingModuleProgressTable;
  group_training_test_attempt_questions: GroupTrainingTestAttemptQuestionTable;
  certificates: CertificateTable;
  content_reactions: ContentReactionTable;
  points_ledger: PointsLedgerTable;
  group_training_evaluation_answers: GroupTrainingEvaluationAnswerTable;
  trail_enrollments: TrailEnrollmentTable;
  // issue 6: webcasts (2026_11_23_0010_webcasts); tests, evaluations, materials, chat and streaming add theirs
  webcast_types: WebcastTypeTable;
  webcasts: WebcastTable;
  webcast_areas: WebcastAreaTable;
  webcast_profiles: WebcastProfileTable;
  webcast_user_groups: WebcastUserGroupTable;
  webcast_tags: WebcastTagTable;
  webcast_subscribers: WebcastSubscriberTable;
}

export type Db = Kysely<Database> | Transaction<Database>;
