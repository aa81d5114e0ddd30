// temporary driver (not committed): one restart bench on one database
import { mtaFeed } from './npm-feed.mjs';
import { runRestartBench } from './restart.mjs';
const db = process.argv[2] || 'postgres';
const feed = await mtaFeed('bus_bk');
await runRestartBench({ feed: feed.folder, db, record: (...a) => console.log('RECORD', ...a), log: console.log });
