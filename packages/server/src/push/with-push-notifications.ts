import type { TaskEventHub } from '../vocabulary/event-hub.ts';
import type { PushDispatcher } from './push-dispatcher.ts';

/**
 * Wraps a hub so every published event also goes to the push dispatcher. The hub's listeners get the event
 * first (so an inline push config registered on the first Task is in place before delivery looks it up).
 */
export function withPushNotifications(hub: TaskEventHub, dispatcher: PushDispatcher): TaskEventHub {
  return {
    publish(taskId, event, version) {
      hub.publish(taskId, event, version);
      dispatcher.notify(taskId, event, version);
    },
    listen: (taskId, listener) => hub.listen(taskId, listener),
    listenerCount: (taskId) => hub.listenerCount(taskId),
  };
}
