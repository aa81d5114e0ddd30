import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { freePort, startServer } from '../support/server';
import { filledMvt, solidPng, writePmtiles } from '../../api/src/platform/pmtiles.testing';

// A city's map tiles from a PMTiles file the server holds (SAWARI_MAP_PMTILES), read by the map with
// range requests from our own origin (the page policy stays 'self' only), drawn under the route, and credited on the
// map and in text. The archive is made here: one solid-colour PNG for every tile of zooms 0 to 15 (no map data).
const TILE_RGB: [number, number, number] = [214, 40, 160];
const CREDIT = '© Sawari test tiles';

/** The share of the element's pixels within `tolerance` of `rgb` (its screenshot decoded by the page itself). */
async function shareOfColour(page: Page, testId: string, rgb: readonly number[], tolerance = 14): Promise<number> {
  const png = await page.getByTestId(testId).screenshot();
  return page.evaluate(
    async ({ b64, rgb, tolerance }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if ([0, 1, 2].every((k) => Math.abs(d[i + k] - rgb[k]) <= tolerance)) n++;
      return n / (d.length / 4);
    },
    { b64: png.toString('base64'), rgb, tolerance },
  );
}

test.describe('map tiles from a PMTiles file (item 9)', () => {
  test.use({ serviceWorkers: 'block' });
  let dir = '';
  let archive: Buffer;
  let file = '';
  test.beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sawari-e2e-pmtiles-'));
    archive = writePmtiles({ fill: solidPng(TILE_RGB), attribution: `<a href="https://example.org/tiles">${CREDIT}</a>` });
    file = path.join(dir, 'mumbai.pmtiles');
    writeFileSync(file, archive);
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("Mumbai's route map reads byte ranges of the city's file from our origin, draws its tiles under the route, and credits them", async ({ page }) => {
    test.setTimeout(150_000);
    const server = await startServer(await freePort(), { SAWARI_MAP_PMTILES: `mumbai=${file}` });
    try {
      const fileUrl = `${server.url}/api/map-tiles/mumbai.pmtiles`;
      const reads: { range: string; status: number }[] = [];
      const outside: string[] = [];
      page.on('response', (r) => {
        if (r.url() === fileUrl) reads.push({ range: r.request().headers().range ?? '', status: r.status() });
      });
      page.on('request', (r) => {
        if (!r.url().startsWith(server.url) && !/^(data|blob):/.test(r.url())) outside.push(r.url());
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript(() => localStorage.setItem('sawari.city', 'mumbai'));
      const doc = await page.goto(`${server.url}/app/live-tracking/route-map/AE-T1-KHR`);
      // Our own origin: the page policy is the default one.
      expect(await doc!.headerValue('content-security-policy')).toContain("img-src 'self' data: blob:;connect-src 'self';");
      await expect(page.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: 30_000 });

      // Range requests: the header and root directory first (16 KiB, answered with the whole small file), then the
      // tile's bytes at the tile data offset of the archive (header bytes 56..63).
      const tileData = Number(archive.readBigUInt64LE(56));
      await expect.poll(() => reads.some((r) => r.range.startsWith(`bytes=${tileData}-`)), { timeout: 20_000 }).toBe(true);
      expect(reads[0]).toEqual({ range: 'bytes=0-16383', status: 206 });
      expect(reads.every((r) => /^bytes=\d+-\d+$/.test(r.range) && r.status === 206)).toBe(true);

      // The tiles are drawn: most of the map is the tiles' colour (the route, stops and labels lie over it).
      await expect.poll(() => shareOfColour(page, 'map', TILE_RGB), { timeout: 20_000 }).toBeGreaterThan(0.5);
      await expect(page.getByTestId('stop-label').filter({ hasText: 'Terminal 1 Bus Bay' }).first()).toBeAttached();

      // The file's credit line, as text (its link dropped): on the map (expanded until the rider moves a narrow map)
      // and below it, where the list alternative is read.
      const onMap = page.locator('.maplibregl-ctrl-attrib');
      await expect(onMap).toBeVisible();
      await expect(onMap).toContainText(CREDIT);
      await expect(onMap.locator('a[href="https://example.org/tiles"]')).toHaveCount(0);
      await expect(page.getByTestId('map-credit')).toHaveText(`Map: ${CREDIT}`);
      await page.screenshot({ path: test.info().outputPath('route-map-pmtiles.png') });
      // In Hindi the text credit says "map" in Hindi; the credit itself is the file's.
      await page.evaluate(() => localStorage.setItem('sawari.lang', 'hi'));
      await page.reload();
      await expect(page.getByTestId('map-credit')).toHaveText(`नक्शा: ${CREDIT}`, { timeout: 20_000 });
      await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText(CREDIT);

      // Per city: Kochi has no file on this server, so it gets none; asking for it is a 404 {code, message}.
      const kochi = await page.evaluate(async () => {
        const source = await (await fetch('/api/map-tiles?city=kochi')).json();
        const file = await fetch('/api/map-tiles/kochi.pmtiles', { headers: { range: 'bytes=0-9' } });
        return { source, status: file.status, body: await file.json() };
      });
      expect(kochi).toEqual({
        source: { tiles: null, pmtiles: null, vector: false, attribution: null },
        status: 404,
        body: { code: 'MAP_TILES_NOT_FOUND', message: expect.any(String) },
      });
      expect(outside).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  test('a PMTiles file of vector tiles is drawn too: its water polygon fills the map under the route', async ({ page }) => {
    test.setTimeout(150_000);
    const vectorFile = path.join(dir, 'vector.pmtiles');
    writeFileSync(vectorFile, writePmtiles({ fill: filledMvt('water'), tileType: 'mvt' }));
    const server = await startServer(await freePort(), { SAWARI_MAP_PMTILES: `mumbai=${vectorFile}`, SAWARI_MAP_ATTRIBUTION: 'mumbai=© Vector test tiles' });
    try {
      let reads = 0;
      page.on('response', (r) => {
        if (r.url() === `${server.url}/api/map-tiles/mumbai.pmtiles` && r.status() === 206) reads++;
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript(() => localStorage.setItem('sawari.city', 'mumbai'));
      await page.goto(`${server.url}/app/live-tracking/route-map/AE-T1-KHR`);
      await expect(page.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: 30_000 });
      // The water colour of the vector style (#a9d3f0) over most of the map.
      await expect.poll(() => shareOfColour(page, 'map', [0xa9, 0xd3, 0xf0]), { timeout: 20_000 }).toBeGreaterThan(0.5);
      expect(reads).toBeGreaterThan(1);
      await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('© Vector test tiles');
      await expect(page.getByTestId('stop-label').filter({ hasText: 'Terminal 1 Bus Bay' }).first()).toBeAttached();
      await page.screenshot({ path: test.info().outputPath('route-map-pmtiles-vector.png') });
    } finally {
      await server.stop();
    }
  });
});
