/*
 * The SCORM runtime of a learner's package page (docs/security.md "SCORM"), served by
 * the content origin as /__lp/launch/{grant}.js after scorm-again's own build. It runs in the
 * package's window, which sits in a sandbox without allow-same-origin and cannot reach the
 * portal: the API the content looks for (window.API for 1.2, window.API_1484_11 for 2004) is a
 * scorm-again instance over the learner's CMI the server inlined below, answering synchronously
 * as SCORM requires. The portal saves: every change, commit and finish posts the CMI to the top
 * window, addressed to the portal's origin only (postMessage drops it for any other page).
 * Plain ES5 on purpose: it runs in whatever browser plays the package, untranspiled.
 */
function lpScormBridge(launch) {
  'use strict';
  var Api = launch.version === '1.2' ? window.Scorm12API : window.Scorm2004API;
  if (typeof Api !== 'function') return;
  // scorm-again sends nothing itself (lmsCommitUrl false): the portal saves what is posted to it
  var api = new Api({ autocommit: false, lmsCommitUrl: false, logLevel: 5, throttleCommits: false });
  if (launch.cmi && Object.keys(launch.cmi).length > 0) api.loadFromJSON(launch.cmi, 'cmi');
  var names = launch.version === '1.2'
    ? { init: 'LMSInitialize', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish', key: 'API' }
    : { init: 'Initialize', set: 'SetValue', commit: 'Commit', finish: 'Terminate', key: 'API_1484_11' };
  // opened on its own (a copied launch link), no portal hears it
  var lms = launch.parent && window.top !== window.self ? window.top : null;
  function post(kind) {
    if (!lms) return;
    var rendered = api.renderCMIToJSONObject();
    var cmi = rendered && typeof rendered === 'object' && rendered.cmi ? rendered.cmi : {};
    lms.postMessage({ type: 'lp-scorm', kind: kind, cmi: JSON.parse(JSON.stringify(cmi)) }, launch.parent);
  }
  var pending = null;
  // a commit or finish carries the whole CMI: a change still waiting goes with it
  function postNow(kind) {
    if (pending !== null) clearTimeout(pending);
    pending = null;
    post(kind);
  }
  api.on(names.init, function () { post('initialize'); });
  // a burst of SetValue calls is posted once, after the content's script yields
  api.on(names.set, function () {
    if (pending !== null) return;
    pending = setTimeout(function () {
      pending = null;
      post('state');
    }, 0);
  });
  api.on(names.commit, function () { postNow('commit'); });
  api.on(names.finish, function () { postNow('finish'); });
  window.addEventListener('pagehide', function () {
    if (api.isInitialized() && !api.isTerminated()) post('state');
  });
  window[names.key] = api;
}
