/**
 * `@baton/server/testing`: the shared suites every store, lease and bus backend passes (vitest), and the check
 * for the real services they need. Not part of the runtime API.
 */
export {
  describePushConfigRecordsContract,
  type PushConfigRecordsContractOptions,
} from './push-config-records-contract.ts';
export {
  describePushOutboxContract,
  type OutboxStores,
  type PushOutboxContractOptions,
} from './push-outbox-contract.ts';
export { type RealService, realService } from './real-service.ts';
export { describeTaskEventBusContract, type TaskEventBusContractOptions } from './task-event-bus-contract.ts';
export {
  describeTaskLeaseStoreContract,
  type TaskLeaseStoreContractOptions,
} from './task-lease-store-contract.ts';
export { describeTaskStoreContract, type TaskStoreContractOptions } from './task-store-contract.ts';
