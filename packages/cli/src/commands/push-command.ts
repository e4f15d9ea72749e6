import { EXIT, usage } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';
import { connect } from '../connect.ts';
import { printJson } from '../print-task.ts';

export const PUSH_HELP = `baton push set <url> <task-id> <webhook-url> [--token <token>] [--json]
baton push list <url> <task-id> [--json]
baton push delete <url> <task-id> <config-id>

Manages a task's push notification configs: set registers a webhook (the agent may refuse internal
addresses), list shows them, delete removes one.`;

/** `baton push set|list|delete`. */
export async function pushCommand(io: CliIo, args: readonly string[], options: CliOptions): Promise<number> {
  const [action, url, taskId, target, ...rest] = args;
  if (!url || !taskId || rest.length > 0)
    throw usage('baton push takes set, list or delete, a URL and a task id');
  if (action === 'set') {
    if (!target) throw usage('baton push set takes a URL, a task id and a webhook URL');
    const client = await connect(url, options, io);
    const saved = await client.createPushConfig({
      taskId,
      url: target,
      ...(options.token ? { token: options.token } : {}),
    });
    if (options.json) printJson(io, saved);
    else io.stdout.write(`push config ${saved.id} for task ${taskId}: ${saved.url}\n`);
    return EXIT.ok;
  }
  if (action === 'list') {
    if (target) throw usage('baton push list takes a URL and a task id');
    const client = await connect(url, options, io);
    const { configs = [] } = await client.listPushConfigs(taskId);
    for (const config of configs) {
      if (options.json) printJson(io, config);
      else io.stdout.write(`${config.id}  ${config.url}${config.token ? '  (token set)' : ''}\n`);
    }
    if (!options.json && configs.length === 0) io.stderr.write('no push configs\n');
    return EXIT.ok;
  }
  if (action === 'delete') {
    if (!target) throw usage('baton push delete takes a URL, a task id and a config id');
    const client = await connect(url, options, io);
    await client.deletePushConfig({ taskId, id: target });
    if (!options.json) io.stdout.write(`deleted push config ${target} of task ${taskId}\n`);
    return EXIT.ok;
  }
  throw usage(`baton push does not know "${action ?? ''}"`);
}
