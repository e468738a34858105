/**
 * `@lp/shared/contract`: what the server and its clients agree on over the wire — API paths,
 * request and answer schemas (TypeBox) with their types, error codes, list and pagination
 * shapes, the realtime protocol. Building the schemas costs memory at start-up, so a lean
 * process (the import worker) takes only types from here (`import type`).
 */
export * from './adminResources.ts';
export * from './audience.ts';
export * from './auditLog.ts';
export * from './auth.ts';
export * from './badges.ts';
export * from './banners.ts';
export * from './calendar.ts';
export * from './collections.ts';
export * from './commentOrigins.ts';
export * from './comments.ts';
export * from './common.ts';
export * from './configuration.ts';
export * from './consents.ts';
export * from './errors.ts';
export * from './faq.ts';
export * from './feed.ts';
export * from './forum.ts';
export * from './gamePreview.ts';
export * from './games.ts';
export * from './imports.ts';
export * from './importCodes.ts';
export * from './homeLayout.ts';
export * from './learner.ts';
export * from './library.ts';
export * from './liveClasses.ts';
export * from './surveys.ts';
export * from './choiceQuestions.ts';
export * from './drills.ts';
export * from './generalTests.ts';
export * from './messages.ts';
export * from './news.ts';
export * from './notifications.ts';
export * from './organisation.ts';
export * from './overview.ts';
export * from './pages.ts';
export * from './podcasts.ts';
export * from './presential.ts';
export * from './presentialResults.ts';
export * from './presentialLearner.ts';
export * from './presentialStore.ts';
export * from './presentialTestTemplates.ts';
export * from './fieldSales.ts';
export * from './rewards/index.ts';
export * from './realtime.ts';
export * from './reports.ts';
export * from './scheduleEvents.ts';
export * from './session.ts';
export * from './streaming.ts';
export * from './trails.ts';
export * from './trainingEvaluations.ts';
export * from './trainingHierarchy.ts';
export * from './trainingModules.ts';
export * from './trainingTests.ts';
export * from './trainings.ts';
export * from './users.ts';
export * from './webcastChat.ts';
export * from './webcasts.ts';
export * from './registration.ts';
export * from './accessPaths.ts';
export * from './partnerProviders.ts';
export * from './lookups.ts';
export * from './viewEditor.ts';
