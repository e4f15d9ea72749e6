/**
 * @baton/cluster-testing: the scenario suite several instances of one agent must pass on any store and bus,
 * and the round-robin proxy it uses. Private to the workspace; the store and bus packages run it.
 */
export {
  type ClusterContractOptions,
  type ClusterParts,
  describeClusterContract,
} from './cluster-contract.ts';
export { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.ts';
