export * from './errors';
export * from './airport';
export * from './auth';
export * from './account';
export * from './transit-schema';
export * from './payments';
export * from './passes';
export * from './tickets';
