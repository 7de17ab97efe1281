export * from './catalog';
export * from './content';
export * from './descriptor';
export * from './locations';
export * from './marketing';
export * from './orders';
export * from './people';
export * from './products';
