import type { Clock } from "../../../clock";
import type { FakeExchange } from "./fake-exchange";
import type { FakeServer } from "./fake-server";
import type { RequestWeight } from "./request-weight";

/** What every fake venue takes. */
export interface VenueFakeOptions {
  /** Loopback port; 0 or absent lets the OS pick a free one. */
  port?: number;
  /** Prices, quotes and trades follow from it. */
  seed?: number;
  clock?: Clock;
  /** Moves the markets on a timer (the default); false leaves it to `step()`. */
  autoStep?: boolean;
  /** Market time per step and the timer's period, ms. */
  stepMs?: number;
  /** Request weight a client may use per minute before it is answered 429. */
  weightPerMinute?: number;
}

/** A running fake venue and the levers tests pull. */
export interface VenueFake<Received> {
  /** Base URL of the REST API, http://127.0.0.1:port */
  url: string;
  /** Base URL of the websockets, ws://127.0.0.1:port */
  wsUrl: string;
  /** The requests the fake accepted, decoded, oldest first (the latest 5,000). */
  received: Received[];
  /** The in-memory venue behind the wire format. */
  exchange: FakeExchange;
  /** On: every request and new websocket is refused as the venue does during maintenance. */
  setMaintenance(on: boolean): void;
  /** Cuts every open websocket, as a network failure would. */
  dropWebSockets(): void;
  /** On: open websockets are cut and new ones refused (503) while REST keeps answering. */
  refuseWebSockets(on: boolean): void;
  /** How many websockets are open now. */
  openWebSockets(): number;
  /** On: every request is answered as over the venue's request weight limit (429 with Retry-After). */
  setRateLimited(on: boolean): void;
  /** Moves the markets one step and pushes the updates. */
  step(): void;
  /** Stops the timer that moves the markets. */
  stop(): void;
  close(): Promise<void>;
}

/** How many accepted requests a fake remembers; older ones are dropped (a long-running fake would grow forever). */
const RECEIVED_KEPT = 5_000;

/** Appends to the list of accepted requests, keeping the newest. */
export function remember<Received>(received: Received[], request: Received): void {
  received.push(request);
  if (received.length > RECEIVED_KEPT) received.splice(0, received.length - RECEIVED_KEPT);
}

/** The switches a fake's handlers read and its control surface sets. */
export interface Maintenance {
  /** Everything refused. */
  on: boolean;
  /** Websockets refused, REST answering. */
  webSocketsRefused: boolean;
}

export const noMaintenance = (): Maintenance => ({ on: false, webSocketsRefused: false });

/** Whether a new websocket is refused now. */
export const refusesWebSockets = (m: Maintenance) => m.on || m.webSocketsRefused;

export function venueFake<Received>(
  exchange: FakeExchange,
  server: FakeServer,
  received: Received[],
  maintenance: Maintenance,
  weight: RequestWeight,
): VenueFake<Received> {
  return {
    url: server.url,
    wsUrl: server.wsUrl,
    received,
    exchange,
    setMaintenance: (on) => {
      maintenance.on = on;
      if (on) server.dropWebSockets();
    },
    dropWebSockets: () => server.dropWebSockets(),
    openWebSockets: () => server.openWebSockets(),
    setRateLimited: (on) => {
      weight.exhausted = on;
    },
    refuseWebSockets: (on) => {
      maintenance.webSocketsRefused = on;
      if (on) server.dropWebSockets();
    },
    step: () => exchange.step(),
    stop: () => exchange.stop(),
    close: async () => {
      exchange.stop();
      await server.close();
    },
  };
}
