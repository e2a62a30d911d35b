import htmx from 'htmx.org';

// Loaded only by pages that use hx-* attributes (knowledge base, calculators).
(window as unknown as { htmx: typeof htmx }).htmx = htmx;
