/** The beer game engine: one module per concern (see docs/architecture.md, "One shape for every game"). */
export * from './config';
export * from './constants';
export * from './copy';
export * from './debrief-figures';
export { type BeerCommandOf, beergameDecider } from './decide';
export * from './events';
export { checkOrder, isGameAdmin } from './guards';
export * from './kpis';
export * from './policies';
export * from './schemas';
export * from './seats';
export * from './simulate';
export type * from './state';
export { initialBeerState } from './state';
export * from './summary';
export * from './templates';
export * from './view';
export { allocateProportionally, consumerDemandAt, supplyLine } from './week';
