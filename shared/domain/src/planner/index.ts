/** The routing core: pure, typed arrays, no I/O. The planner service adapts requests to it. */
export * from './network';
export * from './raptor';
export * from './arrive-by-check';
export * from './timetable-file';
export * from './offline';
