import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/** The tool a message runs and its arguments, or why the message names none. */
export type ToolChoice =
  | { readonly tool: Tool; readonly arguments: Record<string, unknown> }
  | { readonly error: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The one string property a tool takes (alone, or the only required one), for a tool called with plain text. */
function textProperty(tool: Tool): string | undefined {
  const properties = Object.entries(tool.inputSchema.properties ?? {});
  const strings = properties.filter(([, schema]) => isObject(schema) && schema.type === 'string');
  const required = tool.inputSchema.required ?? [];
  if (strings.length === 1 && properties.length === 1) return strings[0]?.[0];
  const requiredStrings = strings.filter(([name]) => required.includes(name));
  return required.length === 1 && requiredStrings.length === 1 ? requiredStrings[0]?.[0] : undefined;
}

/** Arguments from what is left of the text: a JSON object, or the text for the tool's one string property. */
function argumentsFromText(tool: Tool, text: string): Record<string, unknown> | string {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (isObject(parsed)) return parsed;
    } catch {
      // Not JSON: taken as text below.
    }
  }
  const property = textProperty(tool);
  if (property) return { [property]: trimmed };
  return `The tool "${tool.name}" takes ${JSON.stringify(Object.keys(tool.inputSchema.properties ?? {}))}: send them as a DataPart (or a JSON object after the tool's name)`;
}

/**
 * Which MCP tool a message runs, and with what: a DataPart `{ "tool": name, "arguments": {…} }`; or the text's first
 * word naming a tool, its arguments from the DataPart, a JSON object after the name, or the rest of the text for a
 * tool that takes one string; or, for a server with a single tool, that tool with the same arguments. Anything else
 * names the tools it could have named.
 */
export function chooseTool(tools: readonly Tool[], text: string, data: unknown): ToolChoice {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const names = () => tools.map((tool) => tool.name).join(', ');
  if (isObject(data) && typeof data.tool === 'string') {
    const tool = byName.get(data.tool);
    if (!tool) return { error: `No tool named "${data.tool}"; the tools are: ${names()}` };
    const args = data.arguments === undefined ? {} : data.arguments;
    if (!isObject(args)) return { error: '"arguments" must be an object' };
    return { tool, arguments: args };
  }
  const [first = ''] = text.trim().split(/\s+/);
  const named = byName.get(first);
  const tool = named ?? (tools.length === 1 ? tools[0] : undefined);
  if (!tool) {
    return {
      error: `Name a tool: start the text with its name, or send a DataPart {"tool": name, "arguments": {…}}. The tools are: ${names()}`,
    };
  }
  if (isObject(data)) return { tool, arguments: data };
  const args = argumentsFromText(tool, named ? text.trim().slice(first.length) : text);
  return typeof args === 'string' ? { error: args } : { tool, arguments: args };
}
