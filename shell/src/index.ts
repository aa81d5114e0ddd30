// Async boundary: shared modules (single-spa, react...) are negotiated by Module Federation before bootstrap runs.
// In the next task: evaluating this file already runs the federation runtime's start-up (~45 ms under 4x CPU), and
// fetching bootstrap's chunks and shared modules is as much again; one after the other they were one long task.
setTimeout(() => void import('./bootstrap'), 0);
