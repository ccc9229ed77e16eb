// Starts the editors' CMS, served from this site (copied from the @sveltia/cms package by scripts/cms.ts).
// It reads its configuration from the <link rel="cms-config-url"> in index.html.
import CMS from './sveltia/index.js';

CMS.init();
