import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config';
import { DataFolderLockedError } from '../platform/data-folder-lock';
import { openDb } from '../platform/db';
import { migrate } from '../platform/migrate';
import { importGtfs, GtfsImportError } from '../modules/transit/importer/import';
import { progressPrinter } from '../modules/transit/importer/progress';

const USAGE = `Usage: npm run import-gtfs -- --city <city> [--name <City name>] [--tz <Area/City>] [--redate] [--attribution <credit line>] <feed.zip | feed folder>

Imports a GTFS feed as the city's current timetable (in one transaction: the old feed stays until the new one is in).
  --city    city id, e.g. kochi (created when missing)
  --name    display name for a new city (default: the id, capitalised)
  --tz      time zone for a new city (default: the feed's agency_timezone)
  --redate  move every calendar to cover today .. one year from today (for expired feeds)
  --attribution  the credit line shown with the feed's data (e.g. "Jungle Bus © OpenStreetMap contributors")
Walking transfers between stops within 250 m are generated when the feed has no transfers.txt.
Rows are written with COPY; progress (file, rows, rows a second) is shown on one line updated in place on a terminal,
one line per file otherwise.
Uses DATABASE_URL when set, else PGlite under DATA_DIR (default ./.data). PGlite allows one process per folder: a
server holding it (DATA_DIR/sawari.lock) is named and the import refused; stop that server first.`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        city: { type: 'string' },
        name: { type: 'string' },
        tz: { type: 'string' },
        redate: { type: 'boolean', default: false },
        attribution: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.city || !/^[a-z0-9-]{1,40}$/.test(values.city) || positionals.length !== 1) {
    console.error(
      `${!values.city ? 'Give --city.' : positionals.length !== 1 ? 'Give exactly one feed path.' : 'The city id must be lower-case letters, digits and dashes.'}\n\n${USAGE}`,
    );
    return 2;
  }
  const config = loadConfig();
  let db;
  try {
    db = await openDb(config, { role: 'import-gtfs' });
  } catch (err) {
    if (!(err instanceof DataFolderLockedError)) throw err;
    console.error(`The feed was not imported: ${err.message}`);
    return 1;
  }
  try {
    await migrate(db);
    const started = Date.now();
    const onProgress = progressPrinter(process.stdout);
    const r = await importGtfs(db, positionals[0], {
      cityId: values.city,
      cityName: values.name,
      timeZone: values.tz,
      redate: values.redate,
      attribution: values.attribution,
      onProgress,
    });
    const counts = Object.entries(r.rows)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
    const total = Object.values(r.rows).reduce((a, b) => a + b, 0);
    const secs = (Date.now() - started) / 1000;
    console.log(
      `Imported ${positionals[0]} as feed ${r.feedId} of ${r.cityId} in ${secs.toFixed(1)} s, ${Math.round(total / secs)} rows/s overall, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (${counts}).`,
    );
    if (r.replacedFeedIds.length) console.log(`Replaced feed ${r.replacedFeedIds.join(', ')}.`);
    return 0;
  } catch (err) {
    console.error(err instanceof GtfsImportError ? `The feed was not imported: ${err.message}` : `Import failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

main().then((code) => process.exit(code));
