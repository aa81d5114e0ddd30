// The map library, in its own chunk with its CSS: only map screens import this file (dynamically).
// Why the CSP build: the default build starts its worker from a blob: URL, which the app's CSP (worker-src 'self')
// refuses. The CSP build takes the worker as a separate file, emitted by webpack beside this chunk (same origin).
import * as maplibregl from 'maplibre-gl/dist/maplibre-gl-csp.js';
import 'maplibre-gl/dist/maplibre-gl.css';

maplibregl.setWorkerUrl(new URL('maplibre-gl/dist/maplibre-gl-csp-worker.js', import.meta.url).toString());

export { maplibregl };
