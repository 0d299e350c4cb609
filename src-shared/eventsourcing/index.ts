export * from './decider';
export * from './envelope';
export * from './own';
export * from './random';
export * from './upcasters';
