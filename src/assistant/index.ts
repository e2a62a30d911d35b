// Chooses the assistant engine: a configured OpenAI-compatible model, else the built-in one (offline).
import type { Config } from '../config';
import { createBuiltinEngine } from './builtin';
import { createOpenAIEngine } from './openai';
import type { KnowledgeTools } from './tools';
import type { AssistantEngine } from './types';

export function createEngine(config: Pick<Config, 'ai'>, knowledge: KnowledgeTools): AssistantEngine {
  return config.ai ? createOpenAIEngine({ ...config.ai, knowledge }) : createBuiltinEngine({ knowledge });
}
