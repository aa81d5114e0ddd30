export * from './constants';
export * from './airport-board';
export * from './service-day';
export * from './validation';
export * from './office-hours';
export * from './cities';
export * from './format';
export * from './snackbar';
