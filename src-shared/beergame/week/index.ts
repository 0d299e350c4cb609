/** The week engine: the set-up and the steps of a week, each in its own module. */
export { allocateProportionally } from './allocation';
export { closeWeek } from './close';
export { consumerDemandAt, facilityPlansOf, routesOf } from './plans';
export { supplyLine } from './product';
export { setupGame } from './setup';
