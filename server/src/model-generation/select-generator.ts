/** The generator the configuration asks for (MODEL_GENERATOR, LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
import type { Config } from '../config.ts';
import type { ModelGenerator } from './generator.ts';
import { createLlmGenerator } from './llm-generator.ts';
import { createTemplateGenerator } from './template-generator.ts';

export function selectGenerator(config: Pick<Config, 'modelGenerator' | 'llmBaseUrl' | 'llmApiKey' | 'llmModel'>): ModelGenerator {
  if (config.modelGenerator === 'template') return createTemplateGenerator();
  if (!/^https?:\/\//.test(config.llmBaseUrl)) {
    throw new Error('MODEL_GENERATOR=llm needs LLM_BASE_URL, an http(s) URL of an OpenAI-compatible API');
  }
  return createLlmGenerator({ baseUrl: config.llmBaseUrl, apiKey: config.llmApiKey, model: config.llmModel });
}
