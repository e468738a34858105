/**
 * Error codes the API answers with ({detail, code}); clients translate `code` through
 * locales/*.json `errors.{code}`. Keys from spec 1 §8 where the spec names one.
 */
export const ERROR_CODES = [
  // spec 1 §8.1–8.2 session, login, recovery
  'not_authenticated',
  'token_expired',
  'invalid_client',
  'invalid_username_or_password',
  'too_many_login_attempts',
  'user_does_not_have_access',
  'no_control_panel_access',
  'app_outdated',
  'under_maintenance',
  'email_not_found',
  'invalid_password_change_link',
  'current_password_incorrect',
  'password_confirmation_mismatch',
  'password_too_short',
  'password_too_long',
  'password_needs_mixed_case_and_numbers',
  'password_needs_symbol',
  // spec 1 §8.2 registration: each with a link to recover the password (the portal adds it)
  'email_already_in_use',
  'document_already_registered',
  'registration_closed',
  'invalid_verification_link',
  'invalid_phone',
  'user_not_found',
  'user_already_registered',
  // spec 1 §8.2 recovery by SMS
  'invalid_recovery_code',
  'phone_mismatch',
  'phone_not_found',
  // spec 1 §8.2 "Login error" (partner single sign-on)
  'login_error',
  // spec 1 §5.5 captcha
  'captcha_required',
  'captcha_invalid',
  // spec 1 §6 permissions
  'permission_denied',
  'superuser_only',
  'client_not_available',
  // spec 1 §8.3
  'email_not_unique',
  'document_not_unique',
  'register_not_unique',
  'gmin_number_not_unique',
  'invalid_email',
  'invalid_email_for_profile',
  'invalid_email_domain',
  'invalid_document',
  'user_needs_a_client',
  'company_document_not_unique',
  'branch_code_not_unique',
  'closed_before_opened',
  'no_anonymization_permission',
  'invalid_status_transition',
  'cannot_impersonate_superuser',
  'unknown_permission_slug',
  // spec 1 §8.5 general
  'make_sure_that_all_fields_are_filled_in',
  'validation_error',
  'name_not_unique',
  'not_found',
  'unexpected_error',
  'file_too_large',
  // spec 1 §8.4 imports: "Error in data validation. Please use the template format"
  'test_validation_error',
  // spec 1 §4.4 report buttons: 5 minutes between requests of one report (not for superusers)
  'report_cooldown',
  // spec 1 §2.3 overview dashboard: a period of at most a year and a day (shared overview.ts)
  'overview_period_too_long',
  // spec 2 §5.1 training basic data (and the other titles of spec 2 §9)
  'title_too_long',
  'introduction_too_long',
  'score_out_of_range',
  'alt_text_too_long',
  'mandatory_audience_not_chosen',
  // spec 2 §8 publish refused; §4.6 a closed training with done activities cannot be reopened
  'to_publish_the_training_it_must_have_at_least_one_class_or_test',
  'training_cannot_be_reopened',
  // spec 2 §5.8 hierarchy (configure and publish)
  'hierarchy_invalid_order',
  'hierarchy_unknown_item',
  'hierarchy_item_is_own_prerequisite',
  'hierarchy_circular_prerequisite',
  'hierarchy_one_item_without_prerequisite',
  // spec 2 §5.2 modules and §5.7 support materials
  'module_import_not_found_error',
  'module_type_locked',
  'module_file_locked',
  'upload_not_found',
  'invalid_file_type',
  'unsafe_zip_file',
  'html_zip_without_index',
  'scorm_zip_without_manifest',
  'scorm_manifest_invalid',
  'powerpoint_too_large',
  'powerpoint_has_animations',
  'invalid_embed',
  // spec 2 §7.5 / §5.11 editor images
  'invalid_file_directory',
  // spec 2 §7.5 step 4: not a file this server stores
  'invalid_file_url',
  'editor_image_too_large',
  // spec 2 §5.3–5.5 tests, questions and test import
  'test_has_user_results',
  'minimum_score_above_question_count',
  'minimum_score_below_one',
  'maximum_attempts_below_one',
  'time_to_answer_invalid',
  'qty_total_questions_below_mandatory',
  'qty_total_questions_above_total',
  'question_needs_two_alternatives',
  'question_needs_one_correct_alternative',
  'duplicate_alternative',
  'duplicate_question',
  'test_import_error',
  // spec 2 §4.8, §5.12, §8 the learner's test engine; locks also use activity_locked_prerequisite and training_blocked below
  'test_not_yet_available',
  'no_attempts_left',
  'test_already_passed',
  'attempt_already_finished',
  'time_expired',
  'answer_already_confirmed',
  'previous_question_not_confirmed',
  'invalid_answer',
  'you_must_answer_all_questions',
  // spec 3 §5, §8 "Games": markers, the mandatory preview, the save error; the content rules; the learner's skip
  'there_are_not_enough_special_words_to_create_the_game',
  'you_need_to_preview_the_game_first',
  'game_save_error',
  'game_needs_more_items',
  'game_duplicate_item',
  'game_word_letters_only',
  'game_word_length',
  'flashcard_answer_single_word',
  'enigma_too_many_tips',
  'enigma_alternatives_out_of_range',
  'enigma_correct_alternative_invalid',
  'game_cannot_be_skipped',
  // spec 2 §5.6 reaction evaluations
  // spec 2 §4.11 forum and spec 2 §2.4/§3.8 trails
  'topic_closed',
  'forum_text_too_long',
  // trails (spec 2 §2.4, §3.8, §4.9, §8): 'Trail not found', publish needs a module, one sync at a time
  'trail_not_found',
  'to_publish_the_trail_it_must_have_at_least_one_module',
  'date_to_unpublish_before_availability',
  'trail_item_not_available',
  'sync_already_in_progress',
  // learner content (spec 2 §4.8, §4.10, §5.12, §8): locked activities, blocked learners, evaluation and comment once
  'activity_locked_prerequisite',
  'activity_not_yet_available',
  'training_blocked',
  'evaluation_already_answered',
  'you_need_to_complete_all_activities',
  'you_already_commented',
  'comments_disabled',
  'scorm_data_too_large',
  // issue 24 item 3 honest completion (learning/completion.ts): a report before opening, or one the rules cannot account for
  'module_not_opened',
  'module_progress_not_consistent',
  // webcast editor, subscribers, webcast tests and evaluations (spec 2 §5.9)
  'description_too_long',
  'invalid_timezone',
  'webcast_type_locked',
  'webcast_not_finished',
  // live classes (spec 3 §8 "Live classes"; §9 the room limit; §2 invitees only in a closed class)
  'live_class_not_found',
  'live_class_not_available',
  'no_vacancy',
  'live_class_guest_list_empty',
  'live_class_guests_above_limit',
  'live_class_subscribers_above_limit',
  'error_updating_subscribers_list',
  'error_registering_users',
  'live_class_started_locked',
  'live_class_room_limit',
  'live_class_closed',
  'live_class_not_subscribed',
  'live_class_not_finished',
  // face-to-face (spec 3 §8 "Face-to-face", §5; shared/src/presential/rules.ts)
  'appointment_not_found',
  'presential_event_not_found',
  'subscription_time_limit_reached',
  'enrollment_cancelation_limit_date_expired',
  'seat_is_full',
  'there_are_no_more_vacancies_for_this_event',
  'there_are_more_users_than_allowed_for_this_event',
  'the_number_of_users_selected_is_greater_than_the_number_of_places_available',
  'user_already_in_seat',
  'user_already_subscribed',
  'user_already_certified_or_invited_to_another_event',
  'there_is_already_a_vacancy_planned_for_this_dealership_course_quarter',
  'vacancies_already_filled_for_this_dealership',
  'all_vacancies_planned_for_this_store_have_been_used',
  'cant_remove_filled_vancancy',
  'vacancies_must_match_expected_participants',
  'there_are_trainings_that_use_this_code',
  'at_least_one_event_is_required_to_approve_the_appointment',
  'event_dates_required_before_enrolling',
  'not_allowed_to_subscribe_users',
  'training_not_open_for_enrollment',
  'a_quantity_is_required_for_every_selected_material',
  'invalid_quarter',
  'appointment_not_editable',
  'appointment_transition_not_allowed',
  'presential_reference_in_use',
  'enrollment_transition_not_allowed',
  // realtime and chat (spec 2 §4.13)
  'chat_disabled',
  'chat_message_too_long',
  'too_many_chat_messages',
  'chat_message_move_not_allowed',
  'realtime_ticket_invalid',
  'invalid_channel',
  'too_many_subscriptions',
  // streaming (spec 2 §4.14, §5.10)
  'webcast_not_browser_streaming',
  'streaming_unavailable',
  'transmission_not_completed',
  'recording_not_found',
  // news and FAQ (spec 3)
  // spec 3 §5 News: alt texts at most 256, the unpublish date after the publish date; reading before commenting
  'news_alt_text_too_long',
  'unpublish_date_before_publish_date',
  'news_not_read',
  // FAQ: question and answer lengths, a category with questions, "send your question" too often
  'faq_question_too_long',
  'faq_answer_too_long',
  'faq_category_in_use',
  'too_many_questions',
  // library and podcasts (spec 3)
  'library_file_not_found',
  'library_category_in_use',
  'download_not_allowed',
  'podcast_not_found',
  'playlist_not_found',
  'podcast_not_listened',
  // banners, welcome banners, messages and mailing list (spec 3)
  // spec 3 §5 Banners: the URL must be without www and start with http:// or {host}
  'invalid_banner_url',
  'end_date_before_start_date',
  // spec 3 §5 / §8 Welcome banners: start not before today; one active per audience and period
  'welcome_banner_start_before_today',
  'welcome_banner_conflict',
  'welcome_banner_already_published',
  'welcome_banner_decline_not_allowed',
  // spec 3 §4, §5, §8 messages: recipients and send date chosen; "Error sending message"
  'message_needs_recipients',
  'message_needs_channel',
  'message_send_date_in_the_past',
  'message_already_sent',
  'message_email_disabled',
  'error_sending_message',
  'invalid_reply_to',
  // badges, feed, legal texts, wildcard pages, configuration, calendar (spec 3, spec 1 §2.3)
  'badge_threshold_invalid',
  'default_badge_cannot_be_deleted',
  'badge_award_not_manual',
  'invalid_slug',
  'slug_not_unique',
  'feed_post_too_long',
  'calendar_range_too_long',
  // surveys (spec 3 §5 "Surveys", §8): "Select at least one option"; mandatory questions answered
  'select_at_least_one_option',
  'answer_mandatory_questions',
  'survey_justification_required',
  'survey_not_found',
  'survey_not_open',
  'survey_already_answered',
  // docs/security.md: shared users, rate limits, upload quota and package ceilings
  'account_shared_with_other_clients',
  'too_many_requests',
  'upload_quota_exceeded',
  'package_unpacked_too_large',
  'package_compression_ratio_too_high',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiError {
  detail: string;
  code: ErrorCode;
  /** field → code, for form errors */
  fields?: Record<string, ErrorCode>;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).code === 'string';
}
