// What other API modules may use of the planner module: the store of data built from a feed and kept across restarts
// (the realtime module keeps its compiled feed there beside the planner's day networks).
export { decodeBlob, encodeBlob, snapshotKey, SnapshotRejected, type SnapshotIdentity, type SnapshotStore, type Typed } from './snapshot';
