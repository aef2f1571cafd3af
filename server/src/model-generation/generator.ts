/**
 * The pluggable model generator: turns a stored request (system prompt id + content) into a validated spec.
 * `template` works offline from the family schema; `llm` asks an OpenAI-compatible chat-completions endpoint.
 */
import type { ModelFamily } from '../../../common/model-families.ts';
import type { ModelSpec } from './model-spec.ts';

export interface GenerationRequest {
  family: ModelFamily;
  /** The user's content: hyperparameters as `key=value` lines or JSON, or free text for the LLM. */
  content: string;
}

export interface ModelGenerator {
  readonly name: 'template' | 'llm';
  generate(request: GenerationRequest, signal?: AbortSignal): Promise<ModelSpec>;
}
