/** A minimal in-memory push-config store, so the push routes reach a real store (nothing is ever sent). */
import type { TaskPushNotificationConfig } from '@baton/protocol';
import type { PushConfigStore } from '../../src/index.ts';

export function createMemoryPushStore(): PushConfigStore {
  const configs = new Map<string, Map<string, TaskPushNotificationConfig>>();
  const of = (taskId: string) => {
    let byId = configs.get(taskId);
    if (!byId) {
      byId = new Map();
      configs.set(taskId, byId);
    }
    return byId;
  };
  return {
    async create(config) {
      const saved = { ...config, id: config.id || crypto.randomUUID() };
      of(config.taskId).set(saved.id, saved);
      return saved;
    },
    async get(taskId, configId) {
      return of(taskId).get(configId);
    },
    async list(taskId) {
      return { configs: [...of(taskId).values()], nextPageToken: '' };
    },
    async delete(taskId, configId) {
      of(taskId).delete(configId);
    },
  };
}
