export * from './errors';
export * from './airport';
