import { A2AError, createId, type TaskPushNotificationConfig } from '@baton/protocol';
import type { PushConfigStore } from '../handler/push-config-store.ts';
import type { CallContext } from '../vocabulary/call-context.ts';
import { createInMemoryPushConfigRecords } from './in-memory-push-config-records.ts';
import { checkPushConfigHeaders } from './push-config-headers.ts';
import type { PushConfigRecords } from './push-config-records.ts';
import type { PushTargets } from './push-targets.ts';
import { createWebhookUrlPolicy, type WebhookUrlPolicyOptions } from './webhook-url-policy.ts';

/** Options of {@link createPushConfigStore}; `allowlist`/`resolveHost` drive the URL check. */
export interface PushConfigStoreOptions extends WebhookUrlPolicyOptions {
  /** Where configs are kept. Default: in process memory. */
  readonly records?: PushConfigRecords;
  /** How many configs one task may have. Default 10. */
  readonly maxConfigsPerTask?: number;
  /** Page size when the client gives none. Default 100 (also the maximum). */
  readonly defaultPageSize?: number;
}

/** A {@link PushConfigStore} the dispatcher can also read. */
export interface PushConfigStoreWithTargets extends PushConfigStore, PushTargets {}

const MAX_PAGE_SIZE = 100;

function pageTokenOf(position: number): string {
  return `after-${position.toString(36)}`;
}

function positionOfPageToken(token: string): number {
  const match = /^after-([0-9a-z]+)$/.exec(token);
  if (!match?.[1]) {
    throw A2AError.invalidParams(`Invalid pageToken ${JSON.stringify(token)}`, [
      { field: 'pageToken', description: 'is not a token this server issued' },
    ]);
  }
  return Number.parseInt(match[1], 36);
}

/**
 * Creates the push config store over some {@link PushConfigRecords}: several configs per task (ids assigned
 * when absent; saving an existing id replaces it), the registering protocol version remembered, cursor
 * pagination, idempotent delete, `deleteForTask`, and the webhook URL checked against SSRF at registration.
 *
 * @example
 * const configs = createPushConfigStore({ records: sqliteStores.pushConfigs, maxConfigsPerTask: 5 });
 */
export function createPushConfigStore(options: PushConfigStoreOptions = {}): PushConfigStoreWithTargets {
  const records = options.records ?? createInMemoryPushConfigRecords();
  const maxPerTask = options.maxConfigsPerTask ?? 10;
  const defaultPageSize = Math.min(options.defaultPageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  // A name that does not resolve yet is registered; the dispatcher's check before each delivery refuses it then.
  const policy = createWebhookUrlPolicy({ ...options, unresolvedNames: 'accept' });
  // Registrations still checking their URL, so the dispatcher waits for them (inline configs race the Task).
  const pending = new Map<string, Set<Promise<unknown>>>();

  function track(taskId: string, work: Promise<unknown>): void {
    let set = pending.get(taskId);
    if (!set) {
      set = new Set();
      pending.set(taskId, set);
    }
    set.add(work);
    const done = () => {
      set.delete(work);
      if (set.size === 0 && pending.get(taskId) === set) pending.delete(taskId);
    };
    work.then(done, done);
  }

  async function save(
    config: TaskPushNotificationConfig & { readonly taskId: string },
    call: CallContext,
  ): Promise<TaskPushNotificationConfig> {
    checkPushConfigHeaders(config);
    await policy.check(config.url);
    const saved = { ...config, id: config.id || createId() };
    const agentUrl = call.agentUrl;
    const entry = { config: saved, version: call.version, ...(agentUrl === undefined ? {} : { agentUrl }) };
    if (!(await records.put(entry, maxPerTask))) {
      throw A2AError.invalidParams(
        `Task ${config.taskId} already has ${maxPerTask} push notification configs; delete one first`,
      );
    }
    return saved;
  }

  return {
    async validate(config) {
      checkPushConfigHeaders(config);
      await policy.check(config.url);
    },
    create(config, call) {
      const work = save(config, call);
      track(config.taskId, work);
      return work;
    },
    async get(taskId, configId) {
      return (await records.get(taskId, configId))?.config;
    },
    async list(taskId, page) {
      const size = page.pageSize === undefined || page.pageSize === 0 ? defaultPageSize : page.pageSize;
      if (!Number.isInteger(size) || size < 0) {
        throw A2AError.invalidParams(`Invalid pageSize ${size}`, [
          { field: 'pageSize', description: 'must be a positive integer' },
        ]);
      }
      const after = page.pageToken ? positionOfPageToken(page.pageToken) : 0;
      const limit = Math.min(size, MAX_PAGE_SIZE);
      const found = await records.page(taskId, after, limit + 1);
      const slice = found.slice(0, limit);
      const last = slice.at(-1);
      return {
        configs: slice.map((record) => record.config),
        nextPageToken: last !== undefined && found.length > limit ? pageTokenOf(last.position) : '',
      };
    },
    delete: (taskId, configId) => records.delete(taskId, configId),
    async configsFor(taskId) {
      const inFlight = pending.get(taskId);
      if (inFlight) await Promise.allSettled([...inFlight]);
      return records.all(taskId);
    },
    deleteForTask: (taskId) => records.deleteForTask(taskId),
  };
}

/** Options of {@link createInMemoryPushConfigStore}. */
export type InMemoryPushConfigStoreOptions = Omit<PushConfigStoreOptions, 'records'>;
/** The in-memory push config store. */
export type InMemoryPushConfigStore = PushConfigStoreWithTargets;

/** Creates a push config store that keeps its configs in process memory. */
export function createInMemoryPushConfigStore(
  options: InMemoryPushConfigStoreOptions = {},
): InMemoryPushConfigStore {
  return createPushConfigStore(options);
}
