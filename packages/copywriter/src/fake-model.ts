import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking OpenAI's chat-completions protocol, for tests of the `openai`
 * copywriter and of what the API does with its answers (`@hookwall/copywriter/testing`). Each
 * request gets the next of `answers` (the last one again once they run out).
 */
export interface SeenRequest {
  method: string;
  path: string;
  auth: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; response_format: { type: string } };
}

export interface FakeModel {
  /** the base URL to configure (`OPENAI_BASE_URL`), ending in /v1 */
  url: string;
  seen: SeenRequest[];
  /** answers the following requests with these instead */
  answerWith(answers: ModelAnswer[]): void;
  close(): Promise<void>;
}

export type ModelAnswer = (res: ServerResponse) => void;

export async function startFakeModel(answers: ModelAnswer[]): Promise<FakeModel> {
  const seen: SeenRequest[] = [];
  let queue = answers;
  let offset = 0;
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    seen.push({ method: req.method!, path: req.url!, auth: req.headers.authorization, body: JSON.parse(raw) });
    queue[Math.min(seen.length - 1 - offset, queue.length - 1)]!(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    answerWith(next) {
      queue = next;
      offset = seen.length;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A chat completion whose message is `content`. */
export const completion =
  (content: string): ModelAnswer =>
  (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
  };

/** A completion with the texts as the copywriter asks for them: `{"texts": [...]}`. */
export const textsAnswer = (list: string[]): ModelAnswer => completion(JSON.stringify({ texts: list }));

/** A short product context, and hooks a model could write for it that pass the quality check. */
export const GLOW_SERUM = {
  name: 'Glow Serum',
  content: 'Gives dull skin a visible glow in 7 days.\nWhat makes it special:\n- Vitamin C from real oranges\n- Vegan and cruelty free',
};
export const GLOW_SERUM_HOOKS = [
  { text: 'Dull skin?\nGlow Serum gives it a glow in 7 days ✨', formula: 'question' },
  { text: 'POV: your skin glows after a week of vitamin C.', formula: 'pov' },
  { text: 'Vegan, cruelty free, vitamin C.\nThat’s Glow Serum.', formula: 'list' },
  { text: 'Stop scrolling: a visible glow in 7 days.', formula: 'challenge' },
  { text: 'Vitamin C from real oranges, in one serum 🍊', formula: 'curiosity' },
];
