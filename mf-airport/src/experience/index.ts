// The airport rider screens, one lazily loaded chunk (reactRoot.tsx "experience") that a board never downloads. Each
// screen is its own file.
export { ExperienceScreen } from './ExperienceScreen';
export { EtaScreen } from './EtaScreen';
export { SelectSlotsScreen } from './SelectSlotsScreen';
export { ExperienceNotFound } from './ExperienceNotFound';
