// Answers and conversations as PDF files: the chat service reads the user's own rows (someone else's id is a
// 404, as everywhere in the chat), the knowledge service gives each cited article's tax years, and the pure
// builders in src/documents lay them out.
import {
  answerDocument,
  conversationDocument,
  exchangesOf,
  type DocContext,
  type Exchange,
  pdfFile,
  type Citation,
  type DownloadFile,
} from '../documents';
import { AppError } from '../errors';
import type { ItemDTO } from '../knowledge';
import type { MessageDTO } from '../schemas/chat';
import { NOT_FOUND, STILL_ANSWERING, type ChatService } from './service';
import { articleHref } from './tools';

export interface ChatDocumentDeps {
  chat: Pick<ChatService, 'exchange' | 'openConversation'>;
  /** A published article; drafts and archived ones are null (cited by their stored title, without tax years). */
  findArticle(id: string): Promise<Pick<ItemDTO, 'taxYears'> | null>;
}

/** The deps from the app's services. */
export const chatDocumentDeps = (s: {
  chat: ChatDocumentDeps['chat'];
  knowledge: { findItem(id: string): Promise<ItemDTO | null> };
}): ChatDocumentDeps => ({
  chat: s.chat,
  findArticle: (id) => s.knowledge.findItem(id),
});

async function citationsOf(deps: ChatDocumentDeps, answer: MessageDTO | null, ctx: DocContext): Promise<Citation[]> {
  return Promise.all(
    (answer?.sources ?? []).map(async (s) => {
      const article = await deps.findArticle(s.id);
      // An article no longer published is still cited by the title the answer gave it, its years unknown.
      return { title: s.title, taxYears: article?.taxYears, href: ctx.link(articleHref(s.id)) ?? articleHref(s.id) };
    }),
  );
}

/** GET /api/messages/:id/pdf: one answer with its question (either id will do). */
export async function answerPdf(deps: ChatDocumentDeps, userId: number, messageId: string, ctx: DocContext): Promise<DownloadFile> {
  const { conversation, question, answer } = await deps.chat.exchange(userId, messageId);
  if (!answer) throw new AppError('not_found', NOT_FOUND.message);
  if (answer.status === 'pending') throw new AppError('conflict', STILL_ANSWERING);
  const ex: Exchange = { question, answer, citations: await citationsOf(deps, answer, ctx) };
  // The answer's own id in the name, so two answers of one day do not overwrite each other in Downloads.
  return pdfFile(answerDocument(ex, conversation, ctx), `answer-${String(answer.id).slice(0, 8)}`);
}

/** GET /api/conversations/:id/pdf: every question and answer of one conversation. */
export async function conversationPdf(
  deps: ChatDocumentDeps,
  userId: number,
  conversationId: string,
  ctx: DocContext,
): Promise<DownloadFile> {
  const { conversation, messages } = await deps.chat.openConversation(userId, conversationId, false);
  if (!conversation) throw new AppError('not_found', NOT_FOUND.conversation);
  const exchanges = await Promise.all(
    exchangesOf(messages).map(async (e) => ({ ...e, citations: await citationsOf(deps, e.answer, ctx) })),
  );
  return pdfFile(conversationDocument(conversation, exchanges, ctx), `conversation-${String(conversation.id).slice(0, 8)}`);
}
