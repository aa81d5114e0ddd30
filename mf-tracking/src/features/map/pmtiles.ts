// The `pmtiles://` protocol for maplibre, in its own chunk: loaded only by a map screen whose city has a PMTiles file
// (SAWARI_MAP_PMTILES), after maplibre itself. The archive is read with HTTP range requests from our own origin
// (connect-src 'self'); tiles reach maplibre as bytes, so the page policy needs nothing more.
import { Protocol } from 'pmtiles';

let added = false;

/** Registers the protocol once per page. */
export function addPmtilesProtocol(lib: Pick<typeof import('maplibre-gl'), 'addProtocol'>): void {
  if (added) return;
  lib.addProtocol('pmtiles', new Protocol().tile as Parameters<typeof lib.addProtocol>[1]);
  added = true;
}
