/**
 * The `llm` generator: sends the family's system prompt and the user's content to an OpenAI-compatible
 * chat-completions endpoint and validates the JSON spec it answers. Any answer outside our families fails the
 * job with a message saying why; nothing is registered.
 */
import { systemPromptFor } from '../../../common/model-families.ts';
import type { ModelGenerator } from './generator.ts';
import { ModelSpecError, validateSpec } from './model-spec.ts';

export interface LlmConfig {
  /** e.g. https://api.example.com/v1 — `/chat/completions` is appended. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** How long one completion may take, ms. */
  timeoutMs?: number;
}

export function createLlmGenerator(config: LlmConfig): ModelGenerator {
  return {
    name: 'llm',
    async generate({ family, content }, signal) {
      const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
      const timeout = AbortSignal.timeout(config.timeoutMs ?? 120_000);
      let reply: Response;
      try {
        reply = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            temperature: 0,
            messages: [
              { role: 'system', content: systemPromptFor(family) },
              { role: 'user', content },
            ],
          }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new Error(`LLM endpoint unreachable: ${(error as Error).message}`);
      }
      const body = await reply.text();
      if (!reply.ok) throw new Error(`LLM endpoint answered ${reply.status}: ${body.slice(0, 200)}`);
      return validateSpec(parseJsonAnswer(extractMessage(body)));
    },
  };
}

/** choices[0].message.content of a chat-completions reply. */
function extractMessage(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ModelSpecError(`LLM reply is not a chat-completions JSON object: ${body.slice(0, 120)}`);
  }
  const choices = (parsed as { choices?: unknown }).choices;
  const first = Array.isArray(choices) ? (choices[0] as { message?: { content?: unknown } } | undefined) : undefined;
  const text = first?.message?.content;
  if (typeof text !== 'string') throw new ModelSpecError('LLM reply has no choices[0].message.content');
  return text;
}

/** The model's answer as JSON; a ```json fence around it is tolerated, anything else is an error. */
function parseJsonAnswer(text: string): unknown {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  const candidate = (fenced ? fenced[1] : text).trim();
  try {
    return JSON.parse(candidate);
  } catch {
    throw new ModelSpecError(`LLM answer is not a JSON model spec: ${candidate.slice(0, 120)}`);
  }
}
