/*
 * The HTML package's side of its completion (docs/api.md "Honest completion"), served by the
 * content origin into every page of an HTML package. It tells the portal that framed the page that
 * the package is shown, loaded — the portal counts its minimum time from then, and a frame that
 * never got a package page (an error, a refused frame) never hears it — and gives the package one
 * way to say it was completed: window.lpPackage.complete(), the same as posting
 * {type: 'lp-package', kind: 'completed'} to its parent itself. Messages are addressed to the
 * portal's origin only. Plain ES5 on purpose: it runs untranspiled in whatever browser plays the package.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var parentOrigin = script ? script.getAttribute('data-parent') : null;
  var portal = parentOrigin && window.parent !== window ? window.parent : null;
  function post(kind) {
    if (portal) portal.postMessage({ type: 'lp-package', kind: kind }, parentOrigin);
  }
  window.lpPackage = { complete: function () { post('completed'); } };
  if (document.readyState === 'complete') post('loaded');
  else window.addEventListener('load', function () { post('loaded'); });
})();
