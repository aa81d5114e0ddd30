// The app's version as it reports itself to the API (`appVer` of every order, spec §3) and as version rules read it
// (premium's app-version window). ONE place: every remote takes the shell's copy of the runtime, so a page never
// reports two versions. Raise it when a release changes what the app sends or understands.
export const APP_VERSION = '1001';

/** APP_VERSION as a number, for version windows (shared/domain rules take it as a parameter). */
export const APP_VERSION_NUMBER = Number(APP_VERSION);
