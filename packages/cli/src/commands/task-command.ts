import type { TaskState } from '@baton/protocol';
import { EXIT, usage } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';
import { connect } from '../connect.ts';
import { printJson, printTask } from '../print-task.ts';
import { exitCodeOf, stateName } from '../task-outcome.ts';

export const TASK_HELP = `baton task get <url> <task-id> [--json]
baton task cancel <url> <task-id> [--json]
baton task list <url> [--context <id>] [--state <state>] [--json]

get prints a task; cancel cancels it (exit 0 once canceled); list prints your tasks, newest first, one line
each (--state working, completed, input-required, ...).`;

const STATES = new Set([
  'submitted',
  'working',
  'completed',
  'failed',
  'canceled',
  'input-required',
  'rejected',
  'auth-required',
]);

/** `baton task get|cancel|list`. */
export async function taskCommand(io: CliIo, args: readonly string[], options: CliOptions): Promise<number> {
  const [action, url, taskId, ...rest] = args;
  if (!url || rest.length > 0) throw usage('baton task takes get, cancel or list, then a URL');
  if (action === 'list') {
    if (taskId) throw usage('baton task list takes a URL only (filter with --context and --state)');
    if (options.state && !STATES.has(options.state))
      throw usage(`--state must be one of ${[...STATES].join(', ')}`);
    const client = await connect(url, options, io);
    const status =
      options.state && (`TASK_STATE_${options.state.toUpperCase().replace(/-/g, '_')}` as TaskState);
    let count = 0;
    for await (const task of client.listAllTasks({
      ...(options.contextId ? { contextId: options.contextId } : {}),
      ...(status ? { status } : {}),
    })) {
      count += 1;
      if (options.json) printJson(io, task);
      else
        io.stdout.write(
          `${task.id}  ${stateName(task.status.state).padEnd(14)}  ${task.status.timestamp ?? ''}  context ${task.contextId}\n`,
        );
    }
    if (!options.json && count === 0) io.stderr.write('no tasks\n');
    return EXIT.ok;
  }
  if (action !== 'get' && action !== 'cancel') throw usage(`baton task does not know "${action ?? ''}"`);
  if (!taskId) throw usage(`baton task ${action} takes a URL and a task id`);
  const client = await connect(url, options, io);
  const task = action === 'get' ? await client.getTask(taskId) : await client.cancelTask(taskId);
  if (options.json) printJson(io, task);
  else printTask(io, task);
  return action === 'cancel' ? EXIT.ok : exitCodeOf(task.status.state);
}
