import { PassThrough } from 'node:stream';

/** A client that stops reading gets this much queued before its stream is dropped (it reconnects and resyncs). */
const maxBufferedBytes = 1024 * 1024;

export interface SseStream {
  /** The response body: Fastify pipes it to the client and destroys it when the client goes away. */
  readonly body: PassThrough;
  /** Writes an already formatted frame (see formatEvent); false once the stream is closed. */
  write(frame: string): boolean;
  /** Ends the stream; `onClose` runs once, whoever ended it. */
  end(): void;
  onClose(listener: () => void): void;
  readonly isOpen: boolean;
}

/** One SSE frame: the same string is written to every stream of an organization, so it is built once. */
export function formatEvent(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const heartbeatFrame = ': keep-alive\n\n';

export function createSseStream(retryMs: number): SseStream {
  const body = new PassThrough();
  let isOpen = true;
  const listeners: Array<() => void> = [];
  const close = () => {
    if (!isOpen) return;
    isOpen = false;
    for (const listener of listeners.splice(0)) listener();
  };
  body.on('close', close);
  body.on('error', close);
  // Written before Fastify sends the headers, so they and this line leave at once.
  body.write(`retry: ${retryMs}\n\n`);
  return {
    body,
    write(frame) {
      if (!isOpen) return false;
      if (body.writableLength + body.readableLength > maxBufferedBytes) {
        body.destroy();
        return false;
      }
      body.write(frame);
      return true;
    },
    end() {
      if (!isOpen) return;
      body.end();
      close();
    },
    onClose(listener) {
      if (isOpen) listeners.push(listener);
      else listener();
    },
    get isOpen() {
      return isOpen;
    },
  };
}
