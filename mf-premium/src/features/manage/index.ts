// What comes after booking (one screen per file), loaded together as the "screen-manage" chunk by spa.tsx.
export { SummaryScreen } from './SummaryScreen';
export { ManageScreen } from './ManageScreen';
export { PopupsScreen } from './PopupsScreen';
export { StopsScreen } from './StopsScreen';
