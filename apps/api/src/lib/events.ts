/**
 * What one module announces for later modules to react to (decision 051): each announcing
 * module declares its own map of event names to payloads, takes an `Announcer` of that map
 * when it is built, and a later module that cares takes a `Listener` of it and subscribes in
 * its constructor. So the module graph points one way, and every link shows in a constructor.
 */
export type EventMap = { [name: string]: unknown };

type Handler<Payload> = (payload: Payload) => Promise<void> | void;

export interface Announcer<Events extends EventMap> {
  announce<Name extends keyof Events & string>(name: Name, payload: Events[Name]): Promise<void>;
}

export interface Listener<Events extends EventMap> {
  on<Name extends keyof Events & string>(name: Name, handler: Handler<Events[Name]>): void;
}

/**
 * In process and awaited: handlers run one after another in the order they subscribed, inside
 * the announcing call, so a handler's failure fails that call (and rolls back the transaction a
 * payload carries) exactly as a direct call would. Nothing is queued or retried.
 */
export class InProcessEvents<Events extends EventMap>
  implements Announcer<Events>, Listener<Events>
{
  private readonly handlers = new Map<keyof Events, Handler<never>[]>();

  on<Name extends keyof Events & string>(name: Name, handler: Handler<Events[Name]>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as Handler<never>]);
  }

  async announce<Name extends keyof Events & string>(
    name: Name,
    payload: Events[Name],
  ): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) {
      await (handler as Handler<Events[Name]>)(payload);
    }
  }
}
