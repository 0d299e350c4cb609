export * from './decider';
export * from './envelope';
export * from './random';
export * from './upcasters';
