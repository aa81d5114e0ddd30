// The map library in its own chunk with its CSS (only the live-bus and find-my-stop map imports this, dynamically).
// The CSP build takes its worker as a same-origin file emitted beside this chunk (the app's CSP refuses blob: workers).
import * as maplibregl from 'maplibre-gl/dist/maplibre-gl-csp.js';
import 'maplibre-gl/dist/maplibre-gl.css';

maplibregl.setWorkerUrl(new URL('maplibre-gl/dist/maplibre-gl-csp-worker.js', import.meta.url).toString());

export { maplibregl };
