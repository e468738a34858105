import { Suspense } from 'react';
import { Admin, CustomRoutes, Loading, Resource, localStorageStore, type Store } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { ADMIN_BASENAME } from './apiClient.ts';
import { authProvider } from './authProvider.ts';
import { dataProvider } from './dataProvider.ts';
import { i18nProvider, preferredLocale } from './i18nProvider.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { OVERVIEW_ROUTE, OverviewScreen } from './overview/index.ts';
import { Layout } from './layout/Layout.tsx';
import { LoginPage } from './login/LoginPage.tsx';
import tags from './resources/tags/index.ts';
import trainings from './resources/trainings/index.ts';
import trails from './resources/trails/index.ts';
import trailCategories from './resources/trail-categories/index.ts';
import webcasts from './resources/webcasts/index.ts';
import liveClasses from './resources/live-classes/index.ts';
import news from './resources/news/index.ts';
import surveys from './resources/surveys/index.ts';
import drills from './resources/drills/index.ts';
import generalTests from './resources/general-tests/index.ts';
import faqs from './resources/faqs/index.ts';
import faqCategories from './resources/faq-categories/index.ts';
import { presentialResources } from './resources/presential/index.ts';
import { fieldSalesResources } from './resources/field-sales/index.ts';
import { rewardResources } from './resources/rewards/index.ts';
import banners from './resources/banners/index.ts';
import welcomeBanners from './resources/banners-welcome/index.ts';
import messages from './resources/messages/index.ts';
import libraries from './resources/libraries/index.ts';
import libraryCategories from './resources/library-categories/index.ts';
import podcasts from './resources/podcasts/index.ts';
import badges from './resources/badges/index.ts';
import wildCards from './resources/wild-cards/index.ts';
import schedule from './resources/schedule/index.ts';
import { WILD_CARD_EDITOR_ALIAS, WildCardRedirect } from './resources/wild-cards/WildCardRedirect.tsx';
import areas from './resources/areas/index.ts';
import profiles from './resources/profiles/index.ts';
import userGroups from './resources/user-groups/index.ts';
import users from './resources/users/index.ts';
import headquarters from './resources/headquarters/index.ts';
import branches from './resources/branches/index.ts';
import branchTypes from './resources/branch-types/index.ts';
import branchSizeTypes from './resources/branch-size-types/index.ts';
import regionals from './resources/regionals/index.ts';
import importCodes from './resources/import-codes/index.ts';
import countries from './resources/countries/index.ts';
import partnerProviders from './resources/partner-providers/index.ts';
import imports from './resources/imports/index.ts';
import auditLog from './resources/audit-log/index.ts';
import { IMPORT_DETAIL_ALIAS, ImportRedirect } from './resources/imports/ImportRedirect.tsx';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { theme } from './theme.ts';
import { SETTINGS_SCREENS } from './settingsScreens.ts';

/** react-admin's store (list params, columns, locale) in localStorage, one per app. */
function createStore(): Store {
  const store = localStorageStore(undefined, 'learning-admin');
  // the language chosen in the portal or at login is the shared session's (spec 1 §9)
  const locale = preferredLocale(window.localStorage);
  if (locale) {
    store.setup();
    store.setItem('locale', locale);
  }
  return store;
}

const store = createStore();

export function App() {
  return (
    <BrowserRouter basename={ADMIN_BASENAME}>
      {/*
        No requireAuth: with it, an anonymous visit looped logout → /login about 800 times (12 s of
        CPU) before the login form showed. Every page checks the session itself (resources through
        useCheckAuth, the dashboard through WithPermissions) and the API refuses anonymous calls.
      */}
      <Admin
        title="admin.title"
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={store}
        layout={Layout}
        loginPage={LoginPage}
        dashboard={Dashboard}
        theme={theme}
        disableTelemetry
      >
        <Resource name="tags" {...tags} />
        <Resource name={ADMIN_RESOURCES.trainings.name} {...trainings} />
        <Resource name={ADMIN_RESOURCES.trails.name} {...trails} />
        <Resource name={ADMIN_RESOURCES.trail_categories.name} {...trailCategories} />
        {/* webcasts */}
        <Resource name={ADMIN_RESOURCES.webcasts.name} {...webcasts} />
        {/* live classes (spec 3 §2) */}
        <Resource name={ADMIN_RESOURCES.live_classes.name} {...liveClasses} />
        {/* spec 3 §2 surveys */}
        <Resource name={ADMIN_RESOURCES.surveys.name} {...surveys} />
        {/* spec 3 §2 drills and general tests (assessments) */}
        <Resource name={ADMIN_RESOURCES.drills.name} {...drills} />
        <Resource name={ADMIN_RESOURCES.general_tests.name} {...generalTests} />
        {/* face-to-face (spec 3 §2, spec 1 §2.3 presential/*) */}
        {Object.entries(presentialResources).map(([name, def]) => <Resource key={name} name={name} {...def} />)}
        {/* field-sales tasks (spec 3 §2, spec 1 §2.3 4traders/questions and 4traders/tasks) */}
        {Object.entries(fieldSalesResources).map(([name, def]) => <Resource key={name} name={name} {...def} />)}
        {/* reward campaigns (spec 3 §2 "Reward campaigns", spec 1 §6.2 "Rewards") */}
        {Object.entries(rewardResources).map(([name, def]) => <Resource key={name} name={name} {...def} />)}
        {/* news and FAQ */}
        <Resource name={ADMIN_RESOURCES.news.name} {...news} />
        <Resource name={ADMIN_RESOURCES.faqs.name} {...faqs} />
        <Resource name={ADMIN_RESOURCES.faq_categories.name} {...faqCategories} />
        {/* library and podcasts */}
        <Resource name={ADMIN_RESOURCES.libraries.name} {...libraries} />
        <Resource name={ADMIN_RESOURCES.library_categories.name} {...libraryCategories} />
        <Resource name={ADMIN_RESOURCES.podcasts.name} {...podcasts} />
        {/* banners, welcome banners and messages (the mailing list is a settings screen) */}
        <Resource name={ADMIN_RESOURCES.banners.name} {...banners} />
        <Resource name={ADMIN_RESOURCES.welcome_banners.name} {...welcomeBanners} />
        <Resource name={ADMIN_RESOURCES.messages.name} {...messages} />
        {/* badges and wildcard pages (legal texts, configuration and menu editing are settings screens) */}
        <Resource name={ADMIN_RESOURCES.badges.name} {...badges} />
        <Resource name={ADMIN_RESOURCES.wild_cards.name} {...wildCards} />
        {/* spec 1 §2.3 schedule, schedule/{id}: the month grid, and the calendar items administrators write */}
        <Resource name={ADMIN_RESOURCES.schedule.name} {...schedule} />
        <Resource name="users" {...users} />
        <Resource name="users-groups" {...userGroups} />
        <Resource name="profiles" {...profiles} />
        <Resource name="area_config" {...areas} />
        <Resource name={ADMIN_RESOURCES.headquarters.name} {...headquarters} />
        <Resource name={ADMIN_RESOURCES.branches.name} {...branches} />
        <Resource name={ADMIN_RESOURCES.branch_types.name} {...branchTypes} />
        <Resource name={ADMIN_RESOURCES.branch_size_types.name} {...branchSizeTypes} />
        <Resource name={ADMIN_RESOURCES.regionals.name} {...regionals} />
        <Resource name={ADMIN_RESOURCES.countries.name} {...countries} />
        <Resource name={ADMIN_RESOURCES.partner_providers.name} {...partnerProviders} />
        <Resource name={ADMIN_RESOURCES.imports.name} {...imports} />
        <Resource name={ADMIN_RESOURCES.import_codes.name} {...importCodes} />
        <Resource name={ADMIN_RESOURCES.audit_log.name} {...auditLog} />
        <CustomRoutes>
          {/* spec 1 §2.3, §2.4: admin_overview, the landing page (the dashboard sends there whoever may open it) */}
          <Route path={OVERVIEW_ROUTE} element={<Suspense fallback={<Loading />}><OverviewScreen /></Suspense>} />
          {/* spec 1 §2.3: admin-import/{id} is the detail's own path */}
          <Route path={IMPORT_DETAIL_ALIAS} element={<ImportRedirect />} />
          {/* spec 1 §2.3: wild_card/{id} is the wildcard page editor's own path */}
          <Route path={WILD_CARD_EDITOR_ALIAS} element={<WildCardRedirect />} />
          {/* one page each, no records: guarded like a resource, listed in the menu (layout/useAdminScreens) */}
          {SETTINGS_SCREENS.map(({ name, Screen }) => (
            <Route key={name} path={`/${name}/*`} element={<Suspense fallback={<Loading />}><Screen /></Suspense>} />
          ))}
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
