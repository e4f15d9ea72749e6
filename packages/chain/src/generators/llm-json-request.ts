import { AgentFailure } from '@baton/server';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import type { ProgressReport } from './generators.ts';
import { callModel, type ModelConnection } from './model-call.ts';

/** What a JSON request to a chat-completions model needs. */
export interface LlmJsonRequest<Schema extends z.ZodType> {
  readonly connection: ModelConnection;
  readonly progress?: ProgressReport | undefined;
  readonly system: string;
  readonly user: string;
  readonly schema: Schema;
  /** Names the reply in errors: `outline`, `summary`. */
  readonly what: string;
  /**
   * A JSON Schema the reply must follow (structured outputs, `response_format: json_schema`); a server that
   * refuses it is asked again in JSON mode, and the reply is checked with `schema` either way.
   */
  readonly jsonSchema?: { readonly name: string; readonly schema: Readonly<Record<string, unknown>> };
  readonly signal: AbortSignal;
}

/** Servers that rejected `response_format` once; they are asked again without it (per client). */
const withoutResponseFormat = new WeakSet<OpenAI>();
/** Servers that rejected a `json_schema` response format once; they are asked in JSON mode (per client). */
const withoutJsonSchema = new WeakSet<OpenAI>();

/**
 * Asks a chat-completions model for one JSON object and validates it with `schema`. An invalid reply is
 * sent back once with the validation error; a second invalid reply throws an AgentFailure naming the problem.
 * Busy or failing servers are retried by {@link callModel}.
 */
export async function requestLlmJson<Schema extends z.ZodType>(
  request: LlmJsonRequest<Schema>,
): Promise<z.output<Schema>> {
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: request.system },
    { role: 'user', content: request.user },
  ];
  let problem = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    const reply = await complete(request, messages);
    const result = parseReply(reply, request.schema);
    if (result.ok) return result.value;
    problem = result.problem;
    messages.push(
      { role: 'assistant', content: reply || '(empty reply)' },
      {
        role: 'user',
        content: `That reply is not valid: ${problem}. Reply again with only the JSON object, in exactly the shape described.`,
      },
    );
  }
  throw new AgentFailure(`The model did not return a valid ${request.what} after 2 attempts: ${problem}`);
}

async function complete(
  request: LlmJsonRequest<z.ZodType>,
  messages: ChatCompletionMessageParam[],
): Promise<string> {
  const { connection, signal } = request;
  const { client, model } = connection;
  const schemaFormat = request.jsonSchema && {
    type: 'json_schema' as const,
    json_schema: { name: request.jsonSchema.name, schema: { ...request.jsonSchema.schema }, strict: false },
  };
  const create = (jsonMode: boolean) =>
    client.chat.completions.create(
      {
        model,
        messages,
        temperature: 0.3,
        ...(jsonMode
          ? {
              response_format:
                schemaFormat && !withoutJsonSchema.has(client)
                  ? schemaFormat
                  : { type: 'json_object' as const },
            }
          : {}),
      },
      // A derived signal per request: the SDK leaves a listener on the signal it is given, and a task's
      // signal outlives many requests.
      { signal: AbortSignal.any([signal]) },
    );
  const completion = await callModel(connection, { signal, progress: request.progress }, async () => {
    const jsonMode = !withoutResponseFormat.has(client);
    try {
      return await create(jsonMode);
    } catch (error) {
      // Some OpenAI-compatible servers (older LM Studio, some vLLM builds) reject json_object mode: ask without it.
      if (
        jsonMode &&
        error instanceof OpenAI.BadRequestError &&
        /response_format|json/i.test(error.message)
      ) {
        if (schemaFormat && !withoutJsonSchema.has(client)) {
          withoutJsonSchema.add(client);
          return create(true);
        }
        withoutResponseFormat.add(client);
        return create(false);
      }
      throw error;
    }
  });
  return completion.choices[0]?.message.content ?? '';
}

type ParsedReply<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Parses a reply that should be JSON, tolerating a code fence or prose around the object. */
function parseReply<Schema extends z.ZodType>(reply: string, schema: Schema): ParsedReply<z.output<Schema>> {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start === -1 || end < start) return { ok: false, problem: 'it contains no JSON object' };
  let json: unknown;
  try {
    json = JSON.parse(reply.slice(start, end + 1));
  } catch (error) {
    return { ok: false, problem: `it is not valid JSON (${(error as Error).message})` };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  return { ok: false, problem: `it does not match the shape (${issues})` };
}
