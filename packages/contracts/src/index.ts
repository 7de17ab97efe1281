export * from './auth';
export * from './dashboard';
export * from './errors';
export * from './money';
export * from './order-status';
export * from './pagination';
export * from './permissions';
export * from './settings';
