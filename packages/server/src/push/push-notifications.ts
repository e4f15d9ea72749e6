import type { Hono } from 'hono';
import type { TaskEventHub } from '../vocabulary/event-hub.ts';
import type { Logger } from '../vocabulary/logger.ts';
import { createPushConfigStore, type PushConfigStoreWithTargets } from './create-push-config-store.ts';
import { createDefaultPushNetwork } from './default-push-network.ts';
import { createJwksRoute } from './jwks-route.ts';
import type { PushConfigRecords } from './push-config-records.ts';
import { createPushDispatcher, type PushDispatcherOptions } from './push-dispatcher.ts';
import { createPushSigner, type PushSigner, type PushSignerOptions } from './push-signer.ts';
import type { PushTelemetry } from './push-telemetry.ts';
import { withPushNotifications } from './with-push-notifications.ts';

/**
 * Push-notification settings: webhook URL policy (SSRF allowlist, DNS resolver), delivery tuning, and the key
 * deliveries are signed with.
 */
export type PushOptions = Omit<
  PushDispatcherOptions,
  'configs' | 'logger' | 'network' | 'signer' | 'agentUrl' | 'telemetry'
> & {
  /**
   * The private key deliveries are signed with (JWK, KeyObject or CryptoKey); give the same one to every
   * instance and across restarts. Default: an ES256 key generated at start.
   */
  readonly signingKey?: PushSignerOptions['signingKey'];
  /** Signing algorithm; default inferred from the key (ES256 for a generated one). */
  readonly signingAlgorithm?: PushSignerOptions['algorithm'];
  /** Public keys of earlier signing keys, still served in the JWKS until their tokens expire. */
  readonly retiredPublicKeys?: PushSignerOptions['retiredPublicKeys'];
  /** Lifetime of a delivery's token; default 300 s. */
  readonly tokenTtlSeconds?: number;
  /** Most configs one task may have; default 10. */
  readonly maxConfigsPerTask?: number;
  /** Where configs are kept; default in memory. A durable store package provides one (e.g. `stores.pushConfigs`). */
  readonly records?: PushConfigRecords;
};

/** What a server gives push notifications when it is created. */
export interface PushHost {
  readonly logger: Logger;
  /** Whether the server is one of several instances (`cluster`). */
  readonly clustered: boolean;
  /** The `iss` of deliveries for configs registered without a request. */
  readonly agentUrl?: string | undefined;
  readonly waitUntil?: ((work: Promise<unknown>) => void) | undefined;
  readonly telemetry?: PushTelemetry | undefined;
}

/** Push notifications in one server: the configs, the signer, the hub that delivers, the JWKS route. */
export interface PushWiring {
  readonly configs: PushConfigStoreWithTargets;
  readonly signer: PushSigner;
  /** The server's event hub with each event also queued for the task's webhooks. */
  hub(hub: TaskEventHub): TaskEventHub;
  /** `GET /.well-known/a2a-push-jwks.json`: the keys webhooks verify deliveries with. */
  readonly routes: Hono;
  /** Waits for queued deliveries up to the deadline (at shutdown). */
  flush(deadlineMs: number): Promise<void>;
}

/** Push notifications for `createA2AServer({ push })`, made by {@link pushNotifications}. */
export interface PushNotifications {
  /** Builds push notifications for one server. */
  attach(host: PushHost): PushWiring;
}

/**
 * Push notifications (`capabilities.pushNotifications`), for `createA2AServer({ push: pushNotifications() })`:
 * webhook configs per task, deliveries signed with a JWT (and its JWKS served), retried, in order per task.
 * Webhooks on loopback, private, link-local and metadata addresses are refused unless `allowlist`ed; on Node host
 * names are resolved and the address each delivery connects to is checked (docs/server.md). A server made without
 * it has no push code in its bundle.
 *
 * @example
 * const server = createA2AServer({ card, executor, push: pushNotifications({ records: stores.pushConfigs }) });
 */
export function pushNotifications(options: PushOptions = {}): PushNotifications {
  return {
    attach(host) {
      const network = createDefaultPushNetwork(options);
      if (!network.resolveHost) {
        host.logger.warn(
          'Push notifications: this runtime cannot resolve host names, so a webhook name that points at an internal address is not refused. Pass push.resolveHost or push.fetch, or keep the agent from reaching internal addresses (docs/server.md, "Push notifications off Node").',
        );
      }
      if (host.clustered && !options.signingKey) {
        host.logger.warn(
          'Push notifications: every instance signs deliveries with its own generated key, and each serves only its own in its JWKS. Give every instance the same push.signingKey.',
        );
      }
      const signer = createPushSigner({
        ...(options.signingKey ? { signingKey: options.signingKey } : {}),
        ...(options.signingAlgorithm ? { algorithm: options.signingAlgorithm } : {}),
        ...(options.retiredPublicKeys ? { retiredPublicKeys: options.retiredPublicKeys } : {}),
        ...(options.tokenTtlSeconds !== undefined ? { tokenTtlSeconds: options.tokenTtlSeconds } : {}),
      });
      const configs = createPushConfigStore({
        ...options,
        ...(network.resolveHost ? { resolveHost: network.resolveHost } : {}),
      });
      const dispatcher = createPushDispatcher({
        ...options,
        configs,
        logger: host.logger,
        network,
        signer,
        ...(host.telemetry ? { telemetry: host.telemetry } : {}),
        ...(host.agentUrl ? { agentUrl: host.agentUrl } : {}),
        ...(host.waitUntil ? { waitUntil: host.waitUntil } : {}),
        ...(options.records?.outbox ? { outbox: options.records.outbox } : {}),
      });
      return {
        configs,
        signer,
        hub: (hub) => withPushNotifications(hub, dispatcher),
        routes: createJwksRoute(signer),
        flush: (deadlineMs) => dispatcher.flush(deadlineMs),
      };
    },
  };
}
