export * from './tables';
export * from './entities';
export * from './fields';
