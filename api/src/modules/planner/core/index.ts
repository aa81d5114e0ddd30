/**
 * The routing core lives in shared/domain/src/planner (one copy, imported by the API and by the browser's offline
 * planner worker). This re-export keeps `./core` imports working; new code imports '@sawari/domain/src/planner'.
 */
export * from '@sawari/domain/src/planner';
