import type { PushConfigRecord, PushConfigRecords } from './push-config-records.ts';
import type { StoredPushConfig } from './push-targets.ts';

const stored = ({ config, version, agentUrl }: PushConfigRecord): StoredPushConfig =>
  agentUrl === undefined ? { config, version } : { config, version, agentUrl };

/** Creates {@link PushConfigRecords} in process memory: a map of configs per task. */
export function createInMemoryPushConfigRecords(): PushConfigRecords {
  const byTask = new Map<string, Map<string, PushConfigRecord>>();
  let nextPosition = 1;

  const sorted = (taskId: string) =>
    [...(byTask.get(taskId)?.values() ?? [])].sort((a, b) => a.position - b.position);

  return {
    async put(entry, maxPerTask) {
      const { taskId, id } = entry.config;
      let configs = byTask.get(taskId);
      const existing = configs?.get(id);
      if (!existing && (configs?.size ?? 0) >= maxPerTask) return false;
      if (!configs) {
        configs = new Map();
        byTask.set(taskId, configs);
      }
      configs.set(id, { ...entry, position: existing?.position ?? nextPosition++ });
      return true;
    },
    async get(taskId, configId) {
      const found = byTask.get(taskId)?.get(configId);
      return found && stored(found);
    },
    async page(taskId, after, limit) {
      return sorted(taskId)
        .filter((record) => record.position > after)
        .slice(0, limit);
    },
    async all(taskId) {
      return sorted(taskId).map(stored);
    },
    async delete(taskId, configId) {
      const configs = byTask.get(taskId);
      configs?.delete(configId);
      if (configs?.size === 0) byTask.delete(taskId);
    },
    async deleteForTask(taskId) {
      byTask.delete(taskId);
    },
  };
}
