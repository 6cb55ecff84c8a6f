/*
 * Motif's page-view script, loaded from the fixed path /analytics.js (spec §7).
 * The app queues each view as ["pageview", path] on window.motifAnalytics, with
 * the route path already normalised (/app/object/:objectId). Replace this file
 * to send page views to your own analytics; keep the queue contract.
 */
(function () {
  "use strict";
  var queued = window.motifAnalytics;
  function handle(command) {
    if (!command || command[0] !== "pageview") return;
    fetch("/api/analytics/pageview", {
      method: "POST",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: command[1] }),
    }).catch(function () {});
  }
  window.motifAnalytics = { push: handle };
  if (Array.isArray(queued)) queued.forEach(handle);
})();
