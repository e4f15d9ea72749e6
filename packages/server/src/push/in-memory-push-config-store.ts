import { A2AError, createId, type TaskPushNotificationConfig } from '@baton/protocol';
import type { PushConfigStore } from '../handler/push-config-store.ts';
import type { PushTargets, StoredPushConfig } from './push-targets.ts';
import { createWebhookUrlPolicy, type WebhookUrlPolicyOptions } from './webhook-url-policy.ts';

/** Options of {@link createInMemoryPushConfigStore}; `allowlist`/`resolveHost` drive the URL check. */
export interface InMemoryPushConfigStoreOptions extends WebhookUrlPolicyOptions {
  /** How many configs one task may have. Default 10. */
  readonly maxConfigsPerTask?: number;
  /** Page size when the client gives none. Default 100 (also the maximum). */
  readonly defaultPageSize?: number;
}

/** The in-memory push config store: a {@link PushConfigStore} the dispatcher can also read. */
export interface InMemoryPushConfigStore extends PushConfigStore, PushTargets {}

interface Entry extends StoredPushConfig {
  readonly seq: number;
}

const MAX_PAGE_SIZE = 100;

function pageTokenOf(seq: number): string {
  return `after-${seq.toString(36)}`;
}

function seqOfPageToken(token: string): number {
  const match = /^after-([0-9a-z]+)$/.exec(token);
  if (!match?.[1]) {
    throw A2AError.invalidParams(`Invalid pageToken ${JSON.stringify(token)}`, [
      { field: 'pageToken', description: 'is not a token this server issued' },
    ]);
  }
  return Number.parseInt(match[1], 36);
}

/**
 * Creates an in-memory push config store: several configs per task (ids assigned when absent; saving an
 * existing id replaces it), the registering protocol version remembered, cursor pagination, idempotent
 * delete, `deleteForTask`, and the webhook URL checked against SSRF at registration.
 */
export function createInMemoryPushConfigStore(
  options: InMemoryPushConfigStoreOptions = {},
): InMemoryPushConfigStore {
  const maxPerTask = options.maxConfigsPerTask ?? 10;
  const defaultPageSize = Math.min(options.defaultPageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  // A name that does not resolve yet is registered; the dispatcher's check before each delivery refuses it then.
  const policy = createWebhookUrlPolicy({ ...options, unresolvedNames: 'accept' });
  const byTask = new Map<string, Map<string, Entry>>();
  // Registrations still checking their URL, so the dispatcher waits for them (inline configs race the Task).
  const pending = new Map<string, Set<Promise<unknown>>>();
  let nextSeq = 1;

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
    version: StoredPushConfig['version'],
  ): Promise<TaskPushNotificationConfig> {
    await policy.check(config.url);
    const id = config.id || createId();
    let configs = byTask.get(config.taskId);
    if (!configs) {
      configs = new Map();
      byTask.set(config.taskId, configs);
    }
    const existing = configs.get(id);
    if (!existing && configs.size >= maxPerTask) {
      throw A2AError.invalidParams(
        `Task ${config.taskId} already has ${maxPerTask} push notification configs; delete one first`,
      );
    }
    const saved = { ...config, id };
    configs.set(id, { config: saved, version, seq: existing?.seq ?? nextSeq++ });
    return saved;
  }

  return {
    async validate(config) {
      await policy.check(config.url);
    },
    create(config, call) {
      const work = save(config, call.version);
      track(config.taskId, work);
      return work;
    },
    async get(taskId, configId) {
      return byTask.get(taskId)?.get(configId)?.config;
    },
    async list(taskId, page) {
      const size = page.pageSize === undefined || page.pageSize === 0 ? defaultPageSize : page.pageSize;
      if (!Number.isInteger(size) || size < 0) {
        throw A2AError.invalidParams(`Invalid pageSize ${size}`, [
          { field: 'pageSize', description: 'must be a positive integer' },
        ]);
      }
      const after = page.pageToken ? seqOfPageToken(page.pageToken) : 0;
      const entries = [...(byTask.get(taskId)?.values() ?? [])]
        .filter((entry) => entry.seq > after)
        .sort((a, b) => a.seq - b.seq);
      const slice = entries.slice(0, Math.min(size, MAX_PAGE_SIZE));
      const last = slice.at(-1);
      const more = last !== undefined && entries.length > slice.length;
      return {
        configs: slice.map((entry) => entry.config),
        nextPageToken: more ? pageTokenOf(last.seq) : '',
      };
    },
    async delete(taskId, configId) {
      const configs = byTask.get(taskId);
      configs?.delete(configId);
      if (configs?.size === 0) byTask.delete(taskId);
    },
    async configsFor(taskId) {
      const inFlight = pending.get(taskId);
      if (inFlight) await Promise.allSettled([...inFlight]);
      return [...(byTask.get(taskId)?.values() ?? [])]
        .sort((a, b) => a.seq - b.seq)
        .map(({ config, version }) => ({ config, version }));
    },
    async deleteForTask(taskId) {
      byTask.delete(taskId);
    },
  };
}
