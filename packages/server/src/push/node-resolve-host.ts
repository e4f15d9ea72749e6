export { nodeResolveHost } from './node-push-network.ts';
