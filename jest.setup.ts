import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// waitFor and findBy* poll for what the page reports until this bound, the same as the browser tests'
// (playwright.config.ts). Testing Library's default of one second is shorter than a busy two-core machine needs
// for a file's first render, which also loads its modules: the checkout's first test once failed on it.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// jsdom lays nothing out, so it does not scroll: window.scrollTo only reports "not implemented", and elements have
// no scrollIntoView. Where the page scrolls is for the browser tests; here both do nothing.
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= () => {};
}
