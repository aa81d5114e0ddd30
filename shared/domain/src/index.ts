export * from './constants';
export * from './airport-board';
export * from './service-day';
