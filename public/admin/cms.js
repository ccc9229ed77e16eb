// Starts the editors' CMS, served from this site (bundled from the @sveltia/cms package by scripts/cms.ts).
// It reads its configuration from the <link rel="cms-config-url"> in index.html.
//
// The CMS asks GitHub's status page whether GitHub is up, on its sign-in screen and every few minutes,
// and has no setting to leave that out. Before anyone signs in, /admin contacts no other site: the
// answer here is "no known incident", and GitHub's own errors still reach the editor when they happen.
const statusPage = 'https://www.githubstatus.com/';
const fetchFromNetwork = window.fetch.bind(window);
window.fetch = (input, init) =>
  String(input instanceof Request ? input.url : input).startsWith(statusPage)
    ? Promise.resolve(
        new Response(JSON.stringify({ status: { indicator: 'none' } }), {
          headers: { 'Content-Type': 'application/json' },
        }),
      )
    : fetchFromNetwork(input, init);

const { default: CMS } = await import('./sveltia/index.js');
CMS.init();
