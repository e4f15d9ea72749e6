import { userMessage } from '@baton/client';
import type { Task } from '@baton/protocol';
import { EXIT, usage } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';
import { connect } from '../connect.ts';
import { printJson, printTask } from '../print-task.ts';
import { exitCodeOf, messageText } from '../task-outcome.ts';

export const SEND_HELP = `baton send <url> <text> [--task <id>] [--context <id>] [--json]

Sends a message and waits until the task completes, fails or asks for something; prints the task (state, the
agent's message, artifacts) or the agent's direct reply. --task continues a task (an answer to its question).
Exit 0 when completed or waiting for you, 1 when failed, rejected or canceled.`;

/** Reads `<url> <text...>` and builds the message, continuing `--task` / `--context` when given. */
export function messageFrom(args: readonly string[], options: CliOptions, command: string) {
  const [url, ...words] = args;
  const text = words.join(' ');
  if (!url || text === '') throw usage(`baton ${command} takes a URL and a message`);
  const message = userMessage(text, {
    ...(options.taskId ? { taskId: options.taskId } : {}),
    ...(options.contextId ? { contextId: options.contextId } : {}),
  });
  return { url, message };
}

/** `baton send <url> <text>`. */
export async function sendCommand(io: CliIo, args: readonly string[], options: CliOptions): Promise<number> {
  const { url, message } = messageFrom(args, options, 'send');
  const client = await connect(url, options, io);
  const result = await client.sendMessage({ message });
  if (options.json) printJson(io, result);
  if ('message' in result) {
    if (!options.json) io.stdout.write(`${messageText(result.message)}\n`);
    return EXIT.ok;
  }
  const task = result.task as Task;
  if (!options.json) printTask(io, task);
  return exitCodeOf(task.status.state);
}
