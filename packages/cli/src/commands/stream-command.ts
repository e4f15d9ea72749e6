import type { StreamResponse } from '@baton/protocol';
import { EXIT } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';
import { connect } from '../connect.ts';
import { printJson } from '../print-task.ts';
import { renderParts } from '../render-parts.ts';
import { exitCodeOf, messageText, stateName } from '../task-outcome.ts';
import { messageFrom } from './send-command.ts';

export const STREAM_HELP = `baton stream <url> <text> [--task <id>] [--context <id>] [--json]

Sends a message and follows the task live: artifact text goes to stdout as it arrives; state changes go to
stderr (one progress line on a terminal, a line each when piped). --json prints every event as one JSON
object per line. Exit 0 when completed or waiting for you, 1 when failed, rejected or canceled.`;

/** Writes progress to stderr: one line rewritten in place on a terminal, a line per change otherwise. */
function progress(io: CliIo) {
  const tty = io.stderr.isTTY === true;
  let shown = false;
  return {
    say(text: string) {
      if (tty) {
        io.stderr.write(`\r\u001b[2K${text}`);
        shown = true;
      } else {
        io.stderr.write(`${text}\n`);
      }
    },
    end() {
      if (tty && shown) io.stderr.write('\n');
    },
  };
}

/** `baton stream <url> <text>`. */
export async function streamCommand(
  io: CliIo,
  args: readonly string[],
  options: CliOptions,
): Promise<number> {
  const { url, message } = messageFrom(args, options, 'stream');
  const client = await connect(url, options, io);
  const status = progress(io);
  let state = '';
  let taskId = '';
  let openLine = false;
  const write = (text: string) => {
    if (text === '') return;
    io.stdout.write(text);
    openLine = !text.endsWith('\n');
  };
  const consume = (event: StreamResponse) => {
    if (options.json) return printJson(io, event);
    if ('message' in event) return write(`${messageText(event.message)}\n`);
    if ('task' in event) {
      taskId = event.task.id;
      state = event.task.status.state;
      return status.say(`task ${taskId}: ${stateName(state)}`);
    }
    if ('statusUpdate' in event) {
      taskId = event.statusUpdate.taskId;
      state = event.statusUpdate.status.state;
      const said = messageText(event.statusUpdate.status.message);
      return status.say(`task ${event.statusUpdate.taskId}: ${stateName(state)}${said ? `: ${said}` : ''}`);
    }
    const { artifact, append, lastChunk } = event.artifactUpdate;
    write(renderParts(artifact.parts));
    // A whole artifact, or the last chunk of one, ends its text.
    if (lastChunk === true || (!append && lastChunk === undefined)) write(openLine ? '\n' : '');
  };
  for await (const event of client.streamMessage({ message })) {
    consume(event);
    if ('task' in event) state = event.task.status.state;
    if ('statusUpdate' in event) state = event.statusUpdate.status.state;
  }
  status.end();
  if (openLine) io.stdout.write('\n');
  if (state === 'TASK_STATE_INPUT_REQUIRED' || state === 'TASK_STATE_AUTH_REQUIRED') {
    io.stderr.write(`The agent is waiting for you: answer with --task ${taskId}\n`);
  }
  return state === '' ? EXIT.ok : exitCodeOf(state);
}
