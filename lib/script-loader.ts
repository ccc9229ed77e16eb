/**
 * The inline script that loads the framework's code after the page has painted
 * (put into every page by the build, scripts/lib/late-scripts.ts). The page is
 * complete HTML, readable and linked without the code; the buttons that need it
 * stay disabled until it has run (components/ui/use-hydrated.ts). Loading it
 * only after the first contentful paint keeps its download and evaluation off
 * the way to that paint, on a slow phone and in Lighthouse's model of one.
 *
 * The script URLs come from the tag's `data-scripts` attribute (a JSON array).
 * Where the browser cannot report paints, the code loads at once; and it loads
 * after three seconds in any case, should no paint be reported.
 */
/** How long the loader waits for a reported paint before it loads the code anyway. */
export const SCRIPT_FALLBACK_MS = 3000;

export const SCRIPT_LOADER = `(function (d) {
  var urls = JSON.parse(d.currentScript.dataset.scripts), started = false;
  function load() {
    if (started) return;
    started = true;
    urls.forEach(function (url) {
      var script = d.createElement('script');
      script.src = url;
      script.async = true;
      d.head.appendChild(script);
    });
  }
  var Observer = window.PerformanceObserver;
  if (!Observer || (Observer.supportedEntryTypes || []).indexOf('paint') < 0) return load();
  new Observer(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(load, ${SCRIPT_FALLBACK_MS});
})(document);`;
