import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { renderApp } from '../../src/http/render';
import { validate } from '../../src/http/validate';
import { chatPageQuerySchema } from '../../src/schemas/chat';
import { ChatPage } from '../../src/ui/chat/ChatPage';

// The assistant's page: history rendered here, the chat island hydrates over it.
export const chatPages = new Hono<AppEnv>().get('/chat', requireUser, validate('query', chatPageQuerySchema), async (c) => {
  const { chat, knowledge } = c.get('services');
  const user = c.get('user')!;
  const q = c.req.valid('query');
  const [open, conversations, allowance, article] = await Promise.all([
    // "Ask the assistant about this article" starts a conversation of its own, grounded on the article.
    chat.openConversation(user.id, q.c, q.new !== undefined || (q.article !== undefined && q.c === undefined)),
    chat.conversations(user.id),
    chat.allowance(user),
    q.article ? knowledge.findItem(q.article) : null,
  ]);
  return renderApp(
    c,
    { title: 'Chat' },
    <ChatPage
      conversations={conversations}
      conversationId={open.conversation?.id ?? null}
      messages={open.messages}
      allowance={allowance}
      article={article ? { id: article.id, title: article.title } : null}
    />,
  );
});
