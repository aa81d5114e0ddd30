import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db';
import type { StartupFeed } from '../seed';
import type { SmsProvider } from '../modules/sms/provider';
import type { FileStorage } from '../modules/files/storage';
import type { RealtimeConfig } from '../modules/realtime/config';
import type { PaymentsDeps } from '../modules/payments/module';
import type { ValidatableLookup } from '../modules/validation';

/** What a caller (main, tests) may hand the server instead of what the configuration would build. */
export interface ServerDeps {
  /** An open, migrated database. Without it the server opens one from config, migrates, seeds the demo data and
   *  closes it when the server closes. */
  db?: Db;
  /** How often (ms) a city's current feed id is re-checked; tests shorten it. */
  timetableCheckMs?: number;
  /** Every module's clock (timetables, live buses, slots on sale, OTP expiry, tokens, validity); tests move it. Default:
   *  SAWARI_CLOCK_START's started clock when set (config.clockStartMs), else the machine's. */
  now?: Clock;
  /** Replaces the configured SMS provider (tests). */
  sms?: SmsProvider;
  /** Replaces the file storage (default: DATA_DIR/files, or memory for an in-memory database). */
  files?: FileStorage;
  /** Feeds imported at start when their city has no current feed (SAWARI_IMPORT_GTFS; see api/src/seed.ts). */
  importFeeds?: StartupFeed[];
  /** Live data settings (default: REALTIME_SOURCE and friends from the environment, docs/realtime.md). */
  realtime?: RealtimeConfig;
  /** Payment gateway, extra order kinds and the reconciliation interval (default: the sandbox gateway, every 15 s). */
  payments?: PaymentsDeps;
  /**
   * Build what a first rider's plan, ETA and board need ahead, at start (default): today's planner networks and every
   * city's realtime feed, and readiness waits for them. `false` leaves each to its first use and readiness then waits
   * for nothing it would build: the API tests' servers (testing/test-server.ts), which mostly never plan, and where
   * that work took 9 % of a file's time (docs/testing.md "The suite").
   */
  warmAtStart?: boolean;
  /** More ticket/pass lookups for validation, after the built-in ones (tests add their own). */
  validation?: { lookups?: ValidatableLookup[] };
}
