/**
 * What the tests of /upload's job forms share (src/features/upload/): a fetch that keeps the multipart form an upload
 * sent and answers it and its job, choosing a file in a form's picker, and submitting the form.
 */
import { act } from 'react';
import { vi } from 'vitest';

/** A JSON answer of `status` (an upload's 202, or a refusal with its `detail`). */
export const jsonReply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const json = jsonReply;

/**
 * Replaces fetch: a POST to `/api/v1/<path>` is kept and answered with `reply`; `GET /api/v1/jobs/<job.id>` with that
 * job succeeded, its `result` given. Returns the forms sent, in order. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeUploadServer(path: string, reply: Response, job: { id: number; kind: string; result: Record<string, unknown> }): FormData[] {
  const sent: FormData[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith(`/api/v1/${path}`) && init?.method === 'POST') {
      sent.push(init.body as FormData);
      return reply;
    }
    if (url.endsWith(`/api/v1/jobs/${job.id}`)) {
      const finished = { status: 'succeeded', progress: 1, message: null, result: job.result };
      return json(200, { id: job.id, kind: job.kind, ...finished, request: {}, user_id: 1, created_at: '2026-01-01T00:00:00Z', started_at: null, finished_at: null });
    }
    throw new Error(`unexpected ${url}`);
  });
  return sent;
}

/** Puts `file` in the form's file picker, as a person choosing it would. */
export function chooseFile(form: Element, file: File): void {
  const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
  const files = new DataTransfer();
  files.items.add(file);
  input.files = files.files;
}

export const submitForm = (form: Element) =>
  act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
