// jsdom (component tests: `@jest-environment jsdom`) lacks Node's TextEncoder/TextDecoder, which react-router needs at
// import. Under the node environment they exist already and nothing changes.
const { TextDecoder, TextEncoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom does not implement scrolling; a screen's first render scrolls to the top (shared/ui Page).
if (typeof window !== 'undefined') window.scrollTo = () => undefined;
