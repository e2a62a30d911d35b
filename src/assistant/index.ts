// The assistant, as other folders may use it: the chat service, the engine it runs (a configured OpenAI-compatible
// model, else the built-in one, offline), its knowledge tools, and a chat's documents.
import type { Config } from '../config';
import { createBuiltinEngine } from './builtin';
import { createOpenAIEngine } from './openai';
import type { KnowledgeTools } from './tools';
import type { AssistantEngine } from './types';

export function createEngine(config: Pick<Config, 'ai'>, knowledge: KnowledgeTools): AssistantEngine {
  return config.ai ? createOpenAIEngine({ ...config.ai, knowledge }) : createBuiltinEngine({ knowledge });
}

export { createChatService, type ChatService } from './service';
export { knowledgeTools } from './tools';
export { AssistantError, type AssistantEngine } from './types';
export { answerPdf, chatDocumentDeps, conversationPdf } from './documents';
export type { Period, Slots } from './reading';
