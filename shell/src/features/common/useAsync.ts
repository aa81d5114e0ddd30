// The loader hook the shell and the remotes share (shared/ui/src/async.ts).
export { asApiError, useAsync, type AsyncState } from '@sawari/ui/src/async';
