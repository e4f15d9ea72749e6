import { A2AError, type SendMessageRequest, type StreamResponse, type Task } from '@baton/protocol';
import { createInMemoryTaskStore } from '../store/in-memory-task-store.ts';
import { isSameScope } from '../store/is-same-scope.ts';
import { createEventQueue, type EventQueue } from '../task/event-queue.ts';
import { createSlotPool } from '../task/slot-pool.ts';
import { createTaskRuntime, type SendInput, type Subscription } from '../task/task-runtime.ts';
import type { CallContext } from '../vocabulary/call-context.ts';
import { withGenerationField } from '../vocabulary/event-generation.ts';
import { createEventHub } from '../vocabulary/event-hub.ts';
import { consoleLogger } from '../vocabulary/logger.ts';
import { tooManyStreamsError } from '../vocabulary/overload-error.ts';
import { canUseSkill } from '../vocabulary/scope-check.ts';
import { awaitSendOutcome } from './await-send-outcome.ts';
import { checkHistoryLength, scopeOfCall } from './call-scope.ts';
import { type CloseOptions, closeWithin } from './close-within.ts';
import { lastEventIdOf } from './last-event-id.ts';
import { listTasks } from './list-tasks.ts';
import type { PushConfigStore } from './push-config-store.ts';
import type { A2ARequestHandler, EventStream } from './request-handler.ts';
import type { RequestHandlerOptions } from './request-handler-options.ts';
import { DEFAULT_LONG_POLL_TIMEOUT_MS, mapStream, showsGenerations } from './shows-generations.ts';

export type { CloseOptions } from './close-within.ts';

/** An {@link A2ARequestHandler} that can also be shut down. */
export interface TaskRequestHandler extends A2ARequestHandler {
  /**
   * Stops taking messages and streams (SHUTTING_DOWN overload error), gives running executions up to
   * `deadlineMs` (default 10 s) to finish, then fires their AbortSignals and cancels their tasks (their streams
   * get that CANCELED status as final event). Tasks waiting for input stay interrupted. Then runs `beforeExit`
   * (e.g. flushing push deliveries) within what is left of the deadline, and ends the streams still open.
   */
  close(options?: CloseOptions): Promise<void>;
  /** Resolves once requests forwarded by other instances are taken (at once without a bus). */
  ready(): Promise<void>;
}

/** The default bound of {@link RequestHandlerOptions.maxOpenStreams}. */
export const DEFAULT_MAX_OPEN_STREAMS = 1_000;

/**
 * Creates the binding-neutral A2A request handler: the task lifecycle around an executor, over a task store
 * and an event hub. Params are expected to be valid in shape (the bindings parse them); this checks meaning.
 *
 * @example
 * const handler = createRequestHandler({
 *   executor: async (ctx) => {
 *     const name = await ctx.requestInput('What is your name?');
 *     await ctx.complete(`Hello, ${name.parts.map((p) => ('text' in p ? p.text : '')).join('')}!`);
 *   },
 * });
 */
export function createRequestHandler(options: RequestHandlerOptions): TaskRequestHandler {
  const store = options.store ?? createInMemoryTaskStore();
  const hub = options.hub ?? createEventHub();
  const logger = options.logger ?? consoleLogger;
  const streaming = options.streaming ?? true;
  const runtime = createTaskRuntime({
    executor: options.executor,
    ...(options.skillExecutors === undefined ? {} : { skillExecutors: options.skillExecutors }),
    store,
    hub,
    logger,
    ...(options.maxRunningTasks === undefined ? {} : { maxRunningTasks: options.maxRunningTasks }),
    ...(options.repeatedMessageWindowMs === undefined
      ? {}
      : { repeatedMessageWindowMs: options.repeatedMessageWindowMs }),
    ...(options.cluster === undefined ? {} : { cluster: options.cluster }),
    ...(options.waitUntil === undefined ? {} : { waitUntil: options.waitUntil }),
  });
  const streamSlots = createSlotPool(options.maxOpenStreams ?? DEFAULT_MAX_OPEN_STREAMS);
  const openStreams = new Set<EventQueue>();

  const requiredExtensions = options.requiredExtensions ?? [];
  function requireExtensions(call: CallContext): void {
    if (requiredExtensions.length === 0) return;
    const missing = requiredExtensions.filter((uri) => !call.requestedExtensions.includes(uri));
    if (missing.length > 0) throw A2AError.extensionSupportRequired(missing);
  }

  function sendInput(request: SendMessageRequest, call: CallContext): SendInput {
    return {
      message: request.message,
      scope: scopeOfCall(call, request.tenant),
      user: call.user,
      tenant: call.tenant ?? (request.tenant || undefined),
      requestedExtensions: call.requestedExtensions,
      historyLength: checkHistoryLength(request.configuration?.historyLength, 'configuration.historyLength'),
      ifGenerationMatch: request.configuration?.ifGenerationMatch,
      skillId: checkedSkill(request.configuration?.skillId, call),
      waitUntil: call.waitUntil,
    };
  }

  /** The skill a send names, once it is one of the card's and the caller may use it; refused otherwise. */
  function checkedSkill(skillId: string | undefined, call: CallContext): string | undefined {
    if (skillId === undefined || options.skills === undefined) return skillId;
    const skill = options.skills.find((entry) => entry.id === skillId);
    if (!skill) {
      const known = options.skills.map((entry) => entry.id).join(', ') || 'none';
      const description = `the agent has no skill "${skillId}" (its skills: ${known})`;
      throw A2AError.invalidParams(`Invalid parameters: configuration.skillId: ${description}`, [
        { field: 'configuration.skillId', description },
      ]);
    }
    if (!canUseSkill(call.user, skill)) {
      throw A2AError.permissionDenied(
        `The caller does not meet the security requirements of the skill ${skillId}`,
        {
          skillId,
        },
      );
    }
    return skillId;
  }

  /** The task, when the caller may see it; with its `generation` when the caller activated that extension. */
  async function visibleTask(
    taskId: string,
    call: CallContext,
    tenant?: string,
    historyLength?: number,
  ): Promise<Task> {
    const read = { historyLength };
    const stored = store.sync ? store.sync.get(taskId, read) : await store.get(taskId, read);
    const scope = scopeOfCall(call, tenant);
    if (!stored || !isSameScope(stored.scope, scope)) {
      throw A2AError.taskNotFound(taskId);
    }
    return showsGenerations(call) ? { ...stored.task, generation: stored.version } : stored.task;
  }

  /** The stream as the caller gets it: with `generation` in each event when it activated that extension. */
  function shownStream(stream: EventStream, call: CallContext): EventStream {
    return showsGenerations(call) ? mapStream(stream, withGenerationField) : stream;
  }

  function requirePushConfigs(): PushConfigStore {
    if (!options.pushConfigs) throw A2AError.pushNotificationNotSupported();
    return options.pushConfigs;
  }

  // An inline push config is checked before the send starts, so a refused webhook fails the request.
  async function validateInlinePushConfig(request: SendMessageRequest, call: CallContext): Promise<void> {
    const config = request.configuration?.taskPushNotificationConfig;
    if (config) await requirePushConfigs().validate?.(config, call);
  }

  // An inline push config (SendMessageConfiguration) is saved once the send's task exists.
  function inlinePushConfig(request: SendMessageRequest, call: CallContext) {
    const config = request.configuration?.taskPushNotificationConfig;
    if (!config) return undefined;
    const configs = requirePushConfigs();
    let saved = false;
    return (event: StreamResponse) => {
      if (saved || !('task' in event)) return;
      saved = true;
      configs.create({ ...config, taskId: event.task.id }, call).catch((error: unknown) => {
        logger.error('Could not save the push notification config sent with a message', { error });
      });
    };
  }

  function requireStreaming(): void {
    if (!streaming) throw A2AError.unsupportedOperation('Streaming is not supported by this agent');
  }

  async function toStream(
    call: CallContext,
    attach: (queue: EventQueue) => Promise<Subscription>,
  ): Promise<EventStream> {
    const release = streamSlots.tryAcquire();
    if (!release) throw tooManyStreamsError(streamSlots.limit);
    const queue = createEventQueue({
      signal: call.signal,
      maxQueuedEvents: options.maxQueuedEvents,
      onEnd: () => {
        openStreams.delete(queue);
        release();
      },
    });
    openStreams.add(queue);
    try {
      const subscription = await attach(queue);
      queue.attach(() => subscription.stop());
      if (subscription.openWithoutEvent) queue.open();
      await queue.first();
    } catch (error) {
      queue.close();
      throw error;
    }
    return queue;
  }

  return {
    async sendMessage(request, call) {
      requireExtensions(call);
      if (request.configuration?.taskPushNotificationConfig) await validateInlinePushConfig(request, call);
      const input = sendInput(request, call);
      const onEvent = inlinePushConfig(request, call);
      const outcome = await awaitSendOutcome(runtime, input, {
        returnImmediately: request.configuration?.returnImmediately ?? false,
        signal: () => call.signal,
        onEvent,
        // A store a network hop away is not asked for what the send's own events already say.
        fold: store.sync === undefined && !showsGenerations(call),
      });
      if (outcome.event && 'message' in outcome.event) return { message: outcome.event.message };
      const task = outcome.folded?.snapshot({ historyLength: input.historyLength });
      return { task: task ?? (await visibleTask(outcome.taskId, call, request.tenant, input.historyLength)) };
    },

    async sendStreamingMessage(request, call) {
      requireStreaming();
      requireExtensions(call);
      await validateInlinePushConfig(request, call);
      const input = sendInput(request, call);
      const onEvent = inlinePushConfig(request, call);
      const stream = await toStream(call, (queue) =>
        runtime.send(input, {
          event(event) {
            onEvent?.(event);
            queue.event(event);
          },
          error: (error) => queue.error(error),
        }),
      );
      return shownStream(stream, call);
    },

    async getTask(request, call) {
      const historyLength = checkHistoryLength(request.historyLength, 'historyLength');
      if (request.currentGeneration !== undefined) {
        await runtime.waitForGeneration(
          request.id,
          scopeOfCall(call, request.tenant),
          request.currentGeneration,
          {
            timeoutMs: options.longPollTimeoutMs ?? DEFAULT_LONG_POLL_TIMEOUT_MS,
            signal: call.signal,
          },
        );
      }
      return visibleTask(request.id, call, request.tenant, historyLength);
    },

    async listTasks(request, call) {
      return listTasks(store, request, scopeOfCall(call, request.tenant));
    },

    async cancelTask(request, call) {
      return runtime.cancel(request.id, scopeOfCall(call, request.tenant));
    },

    async subscribeToTask(request, call) {
      requireStreaming();
      return toStream(call, (queue) =>
        runtime.subscribe(
          request.id,
          scopeOfCall(call, request.tenant),
          queue,
          undefined,
          lastEventIdOf(call),
        ),
      );
    },

    async createTaskPushNotificationConfig(request, call) {
      const configs = requirePushConfigs();
      const taskId = request.taskId;
      if (!taskId) {
        throw A2AError.invalidParams('taskId is required', [{ field: 'taskId', description: 'is required' }]);
      }
      await visibleTask(taskId, call, request.tenant, 0);
      // A 0.3 config sent without id is the task's default config, stored under the task id as the 0.3 SDKs
      // do; a 0.3 get without a config id names it (see getTaskPushNotificationConfigRequestFromV03).
      const defaultId = call.version === '0.3' && !request.id ? { id: taskId } : {};
      return configs.create({ ...request, taskId, ...defaultId }, call);
    },

    async getTaskPushNotificationConfig(request, call) {
      const configs = requirePushConfigs();
      await visibleTask(request.taskId, call, request.tenant, 0);
      const config = await configs.get(request.taskId, request.id, call);
      if (!config) {
        throw A2AError.from('TaskNotFoundError', {
          message: `Push notification config ${request.id} not found for task ${request.taskId}`,
          metadata: { taskId: request.taskId, configId: request.id },
        });
      }
      return config;
    },

    async listTaskPushNotificationConfigs(request, call) {
      const configs = requirePushConfigs();
      await visibleTask(request.taskId, call, request.tenant, 0);
      return configs.list(request.taskId, { pageSize: request.pageSize, pageToken: request.pageToken }, call);
    },

    async deleteTaskPushNotificationConfig(request, call) {
      const configs = requirePushConfigs();
      await visibleTask(request.taskId, call, request.tenant, 0);
      await configs.delete(request.taskId, request.id, call);
    },

    async getExtendedAgentCard(_request, call) {
      const source = options.extendedCard;
      if (!source) throw A2AError.extendedAgentCardNotConfigured();
      return typeof source === 'function' ? source(call) : source;
    },

    ready: () => runtime.ready(),

    close: (closeOptions = {}) =>
      closeWithin(closeOptions, logger, {
        stopTasks: (deadlineMs) => runtime.shutdown({ deadlineMs }),
        endStreams: () => {
          for (const queue of [...openStreams]) queue.end();
        },
      }),
  };
}
