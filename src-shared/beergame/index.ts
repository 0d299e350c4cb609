/** The beer game engine: params, commands and events, decider, view, policies, KPIs. */
export * from './commands';
export * from './copy';
export {
  beergameDecider,
  beergameSummary,
  checkOrder,
  decideBeerGame,
  evolveBeerGame,
  isGameAdmin,
} from './decider';
export { allocateProportionally, consumerDemandAt } from './engine';
export * from './kpis';
export * from './params';
export * from './policies';
export * from './simulate';
export type * from './state';
export { initialBeerState } from './state';
export * from './view';
