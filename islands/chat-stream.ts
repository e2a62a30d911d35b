// Reads the chat's server-sent events from a fetch response: small enough to need no library.
import { urlOf } from './api';
import { API } from './endpoints';
import type { ChatStreamEvent } from '../src/schemas/chat';

export class StreamError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly questionId: string | null = null,
  ) {
    super(message);
  }
}

/** POSTs to the stream endpoint; a 4xx/5xx before the stream starts becomes a StreamError with the server's message. */
export async function* chatStream(body: unknown): AsyncGenerator<ChatStreamEvent> {
  const res = await fetch(urlOf(API.chatStream), {
    method: API.chatStream.method,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!res.ok || !res.body) {
    let message = '';
    let questionId: string | null = null;
    try {
      const json = await res.json();
      message = json.message ?? '';
      questionId = json.questionId ?? null;
    } catch {
      /* not JSON */
    }
    throw new StreamError(message, res.status, questionId);
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) yield { event, data: JSON.parse(data.join('\n')) } as ChatStreamEvent;
    }
  }
}
