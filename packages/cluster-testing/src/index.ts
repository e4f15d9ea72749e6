/**
 * @baton/cluster-testing: the scenario suite several instances of one agent must pass on any store and bus,
 * the round-robin HTTP proxy it uses, and a TCP proxy a test cuts to play a database outage. Private to the workspace; the store and bus packages run it.
 */
export {
  type ClusterContractOptions,
  type ClusterParts,
  describeClusterContract,
} from './cluster-contract.ts';
export { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.ts';
export { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';
