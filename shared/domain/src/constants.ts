/** Business constants from spec §9. One place; every rule and screen reads them from here. */
export const CITY_TIME_ZONE = 'Asia/Kolkata';
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Airport boards (spec §9 "Airport boards"). */
export const AIRPORT_TIMINGS_WINDOW_MS = 43_200_000;
export const AIRPORT_TIMINGS_REFRESH_MS = 30_000;
export const AIRPORT_CLOCK_REFRESH_MS = 60_000;
/** Limits the timings endpoint enforces (issue: "window over 24 h", "too many pairs"). */
export const AIRPORT_MAX_WINDOW_MS = DAY_MS;
export const AIRPORT_MAX_PAIRS = 20;
