/**
 * A fake OpenAI-compatible chat-completions server, written from OpenAI's API reference
 * ("Create chat completion", "Error codes") and Ollama's OpenAI-compatibility page:
 *
 * - `POST /v1/chat/completions` with `Authorization: Bearer <key>` (401 without, when a key is
 *   set; local servers such as Ollama take none), `model`, `messages`, `temperature`,
 *   `response_format: { type: "json_object" }`; answers `{ "id", "object":
 *   "chat.completion", "created", "model", "choices": [{ "index": 0, "message": { "role":
 *   "assistant", "content": "…" }, "finish_reason": "stop" }], "usage" }`;
 * - `GET /v1/models`: `{ "object": "list", "data": [{ "id": … }] }`;
 * - errors `{ "error": { "message", "type", "param", "code" } }`: 429 `rate_limit_exceeded`
 *   (with Retry-After), 429 `insufficient_quota`, 404 unknown model, 500/503.
 *
 * The "model" follows Verso's protocol (the user message is `{ source, target, items }`), and
 * can misbehave on purpose: drop an item, answer items in reverse order, lose a placeholder,
 * answer prose instead of JSON — on every call or only on the first.
 */
import { fakeTranslate, startFake, type Fault, type FakeServer } from './fake-server.js'

export type LlmMisbehaviour = 'drop-item' | 'reorder' | 'drop-placeholder' | 'prose' | 'truncated-json'

export interface FakeOpenAIOptions {
  apiKey?: string
  model?: string
  faults?: Fault[]
  /** Misbehaviours played on the next calls, one per call (shift), then it behaves. */
  misbehave?: LlmMisbehaviour[]
  /** A misbehaviour played on every call. */
  always?: LlmMisbehaviour
}

export function fakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeServer & { misbehave: LlmMisbehaviour[] }> {
  const model = options.model ?? 'test-model'
  const misbehave = options.misbehave ?? []
  const completion = (content: string, finish = 'stop') => ({
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  })
  return startFake(
    (request) => {
      if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
        return { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } } }
      }
      if (request.method === 'GET' && request.path === '/v1/models') return { status: 200, body: { object: 'list', data: [{ id: model, object: 'model' }] } }
      if (request.method === 'POST' && request.path === '/v1/chat/completions') {
        const body = request.body ?? {}
        if (body.model !== model) return { status: 404, body: { error: { message: `The model '${body.model}' does not exist`, type: 'invalid_request_error', param: 'model', code: 'model_not_found' } } }
        const messages = body.messages
        if (!Array.isArray(messages) || messages[0]?.role !== 'system' || messages[1]?.role !== 'user' || messages.length !== 2) {
          return { status: 400, body: { error: { message: 'expected a system and a user message', type: 'invalid_request_error', param: 'messages', code: null } } }
        }
        let task: any
        try {
          task = JSON.parse(messages[1].content)
        } catch {
          return { status: 200, body: completion('I can only translate JSON requests.') }
        }
        const behaviour = misbehave.shift() ?? options.always
        if (behaviour === 'prose') return { status: 200, body: completion('Sure! Here is the translation: Hallo Welt') }
        let items = (task.items as Array<{ id: string; text: string }>).map((item) => ({ id: item.id, text: fakeTranslate(item.text, task.target) }))
        if (behaviour === 'drop-item' && items.length > 0) items = items.slice(0, -1)
        if (behaviour === 'reorder') items = [...items].reverse()
        if (behaviour === 'drop-placeholder') items = items.map((item) => ({ ...item, text: item.text.replace(/<x\d+\/>/, '') }))
        const content = JSON.stringify({ items })
        if (behaviour === 'truncated-json') return { status: 200, body: completion(content.slice(0, Math.floor(content.length / 2)), 'length') }
        return { status: 200, body: completion(content) }
      }
      return { status: 404, body: { error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null } } }
    },
    options.faults,
    (request) => request.path === '/v1/chat/completions',
  ).then((fake) => Object.assign(fake, { misbehave }))
}
