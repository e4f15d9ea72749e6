/** A subscription to one bus channel. */
export interface BusSubscription {
  /** Stops delivery to this subscription (idempotent). */
  close(): Promise<void>;
}

/**
 * Messages between the instances of one agent: task events for streams opened on another instance, and the
 * requests an instance sends the one running a task (cancel, a follow-up). Delivery is at most once (a message
 * sent while an instance is disconnected is lost to it); messages one instance publishes on one channel arrive
 * in the order it published them. Payloads are strings of any length.
 */
export interface TaskEventBus {
  /** Sends `payload` to every subscriber of `channel`, in every instance (this one included). */
  publish(channel: string, payload: string): Promise<void>;
  /** Starts delivering `channel`; resolves once any message published from then on will be delivered. */
  subscribe(channel: string, onMessage: (payload: string) => void): Promise<BusSubscription>;
  /** Closes the bus's connections. */
  close(): Promise<void>;
}
