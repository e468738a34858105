/**
 * `@lp/shared/rules`: the pure business rules the server, the admin and the portal all apply —
 * validation, permissions, dates, slugs, passwords, documents, content states. No schemas, no
 * browser code: a lean process such as the import worker loads this entry alone.
 */
export * from './accountActions.ts';
export * from './banners.ts';
export * from './surveys.ts';
export * from './drills.ts';
export * from './generalTests.ts';
export * from './branches.ts';
export * from './clientSettings.ts';
export * from './dates/index.ts';
export * from './document.ts';
export * from './email.ts';
export * from './emoji.ts';
export * from './engagement/badges.ts';
export * from './engagement/calendar.ts';
export * from './engagement/scheduleEvents.ts';
export * from './engagement/pages.ts';
export * from './faq.ts';
export * from './fieldSales/index.ts';
export * from './forum.ts';
export * from './games/index.ts';
export * from './languages.ts';
export * from './learnerMenu.ts';
export * from './learning/activities.ts';
export * from './learning/completion.ts';
export * from './learning/player.ts';
export * from './learning/scorm.ts';
export * from './learning/status.ts';
export * from './learning/testEngine.ts';
export * from './library.ts';
export * from './lookupLists.ts';
export * from './liveClasses/index.ts';
export * from './messages.ts';
export * from './news.ts';
export * from './overview.ts';
export * from './pagination.ts';
export * from './password.ts';
export * from './permissions.ts';
export * from './podcasts.ts';
export * from './presential/index.ts';
export * from './rewards/index.ts';
export * from './reports.ts';
export * from './slug.ts';
export * from './spreadsheet.ts';
export * from './importTargets.ts';
export * from './trails.ts';
export * from './trainings/evaluations.ts';
export * from './trainings/index.ts';
export * from './trainings/modules.ts';
export * from './trainings/tests.ts';
export * from './users.ts';
export * from './webcastChat.ts';
export * from './webcasts.ts';
export * from './registration.ts';
export * from './homeLayout.ts';
