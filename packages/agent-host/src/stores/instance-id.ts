import { hostname } from 'node:os';

/**
 * This process's name among the instances sharing a store (`ClusterOptions.instanceId`): `BATON_INSTANCE_ID`,
 * else `<host name>:<port>` when the port is fixed, else `undefined` (a fresh id per process). The same name after a
 * restart lets the process take the task leases it held at once instead of waiting for them to expire; two live
 * processes must never share one, so processes that share a port (Node's cluster module) each set their own.
 */
export function readInstanceId(value: string | undefined, port: number | undefined): string | undefined {
  const given = value?.trim();
  if (given) {
    if (!/^[A-Za-z0-9._:@/-]{1,128}$/.test(given)) {
      throw new Error(`BATON_INSTANCE_ID must be 1 to 128 letters, digits or . _ : @ / -, got "${given}"`);
    }
    return given;
  }
  if (port === undefined || port === 0) return undefined;
  return `${hostname()}:${port}`;
}
