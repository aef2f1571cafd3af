import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findFamily } from '../../../common/model-families.ts';
import { createLlmGenerator } from '../../src/model-generation/llm-generator.ts';

interface Seen {
  auth?: string;
  body: { model: string; messages: { role: string; content: string }[] };
}

let server: Server | undefined;

/** A tiny OpenAI-compatible endpoint answering `answer` as the assistant's message. */
async function fakeLlm(answer: string, status = 200): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      seen.push({ auth: request.headers.authorization, body: JSON.parse(raw) });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: answer } }] }));
    });
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, seen };
}

afterEach(async () => {
  await new Promise((done) => server?.close(done));
  server = undefined;
});

const family = findFamily('damped_anomaly')!;

describe('llm generator', () => {
  it('sends the system prompt and content, and returns the validated spec', async () => {
    const { baseUrl, seen } = await fakeLlm('```json\n{"model_type":"damped_anomaly","hyperparameters":{"e_folding_days":12}}\n```');
    const generator = createLlmGenerator({ baseUrl, apiKey: 'k-123', model: 'test-model' });
    const spec = await generator.generate({ family, content: 'slow decay please' });
    expect(spec).toEqual({ model_type: 'damped_anomaly', hyperparameters: { e_folding_days: 12 } });
    expect(seen[0].auth).toBe('Bearer k-123');
    expect(seen[0].body.model).toBe('test-model');
    expect(seen[0].body.messages[0].content).toContain('damped_anomaly');
    expect(seen[0].body.messages[1]).toEqual({ role: 'user', content: 'slow decay please' });
  });

  it('fails clearly on a garbage answer', async () => {
    const { baseUrl } = await fakeLlm('Sure! Here is a great model for you.');
    const generator = createLlmGenerator({ baseUrl, apiKey: '', model: 'm' });
    await expect(generator.generate({ family, content: 'x' })).rejects.toThrow('LLM answer is not a JSON model spec');
  });

  it('fails clearly on a spec outside our families', async () => {
    const { baseUrl } = await fakeLlm('{"model_type":"unet","hyperparameters":{}}');
    const generator = createLlmGenerator({ baseUrl, apiKey: '', model: 'm' });
    await expect(generator.generate({ family, content: 'x' })).rejects.toThrow('unknown model_type "unet"');
  });

  it('reports an HTTP error from the endpoint', async () => {
    const { baseUrl } = await fakeLlm('nope', 500);
    const generator = createLlmGenerator({ baseUrl, apiKey: '', model: 'm' });
    await expect(generator.generate({ family, content: 'x' })).rejects.toThrow('LLM endpoint answered 500');
  });
});
