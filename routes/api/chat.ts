import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { answerPdf, chatDocumentDeps, conversationPdf, AssistantError } from '../../src/assistant';
import { documentContext, sendFile } from '../../src/documents';
import { AppError } from '../../src/errors';
import type { AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { validate } from '../../src/http/validate';
import {
  chatRequestSchema,
  feedbackSchema,
  historySearchSchema,
  idParamSchema,
  messagesQuerySchema,
  renameConversationSchema,
} from '../../src/schemas/chat';

// The assistant's API: the spec's two calls, the stream the chat page uses, and conversations.
export const chatApi = new Hono<AppEnv>()
  .get('/messages', requireUser, validate('query', messagesQuerySchema), async (c) => {
    return c.json(await c.get('services').chat.messages(c.get('user')!.id, c.req.valid('query').conversationId));
  })
  .post('/chat', requireUser, validate('json', chatRequestSchema), async (c) => {
    const run = await c.get('services').chat.ask(c.get('user')!, c.req.valid('json'));
    try {
      return c.json(await run.result);
    } catch (err) {
      // The saved question's id goes with the failure, so the page can offer to ask again.
      if (err instanceof AssistantError) throw new AppError(err.code, err.message, { questionId: run.question.id }, err.retryAfter);
      throw err;
    }
  })
  .post('/chat/stream', requireUser, validate('json', chatRequestSchema), async (c) => {
    const run = await c.get('services').chat.ask(c.get('user')!, c.req.valid('json'));
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    // The browser leaving ends this stream only: the run goes on and stores the answer.
    return streamSSE(c, async (stream) => {
      await stream.writeSSE({
        event: 'start',
        data: JSON.stringify({
          conversationId: run.conversation.id,
          conversation: run.conversation,
          question: run.question,
          messageId: run.messageId,
          allowance: run.allowance,
        }),
      });
      for await (const e of run.events()) {
        if (stream.aborted) break;
        await stream.writeSSE({ event: e.event, data: JSON.stringify(e.data) });
      }
    });
  })
  .get('/chat/allowance', requireUser, async (c) => c.json(await c.get('services').chat.allowance(c.get('user')!)))
  .post('/messages/:id/stop', requireUser, validate('param', idParamSchema), async (c) => {
    return c.json(await c.get('services').chat.stop(c.get('user')!.id, c.req.valid('param').id));
  })
  .post('/messages/:id/feedback', requireUser, validate('param', idParamSchema), validate('json', feedbackSchema), async (c) => {
    const { rating, comment } = c.req.valid('json');
    return c.json(await c.get('services').chat.feedback(c.get('user')!.id, c.req.valid('param').id, rating, comment));
  })
  // Downloads: an answer with its question, or a whole conversation, as PDF.
  .get('/messages/:id/pdf', requireUser, validate('param', idParamSchema), async (c) => {
    const s = c.get('services');
    return sendFile(c, await answerPdf(chatDocumentDeps(s), c.get('user')!.id, c.req.valid('param').id, documentContext(s, c.req.url)));
  })
  .get('/conversations/:id/pdf', requireUser, validate('param', idParamSchema), async (c) => {
    const s = c.get('services');
    return sendFile(
      c,
      await conversationPdf(chatDocumentDeps(s), c.get('user')!.id, c.req.valid('param').id, documentContext(s, c.req.url)),
    );
  })
  .get('/conversations', requireUser, async (c) => c.json(await c.get('services').chat.conversations(c.get('user')!.id)))
  .get('/conversations/search', requireUser, validate('query', historySearchSchema), async (c) => {
    return c.json(await c.get('services').chat.searchHistory(c.get('user')!.id, c.req.valid('query').q));
  })
  .patch('/conversations/:id', requireUser, validate('param', idParamSchema), validate('json', renameConversationSchema), async (c) => {
    return c.json(await c.get('services').chat.rename(c.get('user')!.id, c.req.valid('param').id, c.req.valid('json').title));
  })
  .delete('/conversations/:id', requireUser, validate('param', idParamSchema), async (c) => {
    await c.get('services').chat.remove(c.get('user')!.id, c.req.valid('param').id);
    return c.json({ message: 'Conversation deleted' });
  });
