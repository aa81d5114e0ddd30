// Async boundary: shared modules (single-spa, react...) are negotiated by Module Federation before bootstrap runs.
import('./bootstrap');
