/**
 * `@baton/server/testing`: the shared suites every store backend passes (vitest). Not part of the runtime API.
 */

export {
  type ClusterContractOptions,
  type ClusterParts,
  describeClusterContract,
} from './cluster-contract.ts';
export {
  describePushConfigRecordsContract,
  type PushConfigRecordsContractOptions,
} from './push-config-records-contract.ts';
export { type RealService, realService } from './real-service.ts';
export { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.ts';
export { describeTaskEventBusContract, type TaskEventBusContractOptions } from './task-event-bus-contract.ts';
export {
  describeTaskLeaseStoreContract,
  type TaskLeaseStoreContractOptions,
} from './task-lease-store-contract.ts';
export { describeTaskStoreContract, type TaskStoreContractOptions } from './task-store-contract.ts';
