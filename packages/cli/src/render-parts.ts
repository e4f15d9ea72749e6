/**
 * Parts as a person reads them in a terminal: text as it is, data (a DataPart: an outline, a summary) as indented
 * `key: value` lines with `-` for list items, a file by its name, type and size or address. `--json` keeps the raw
 * form.
 */
import type { Part } from '@baton/protocol';

const isPlain = (value: unknown) => value === null || typeof value !== 'object';

function scalar(value: unknown): string {
  if (typeof value === 'string') return value.includes('\n') ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

function lines(value: unknown, indent: string): string[] {
  if (isPlain(value)) return [`${indent}${scalar(value)}`];
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}[]`];
    return value.flatMap((item) => {
      if (isPlain(item)) return [`${indent}- ${scalar(item)}`];
      const [first = '', ...rest] = lines(item, `${indent}  `);
      return [`${indent}- ${first.trimStart()}`, ...rest];
    });
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [`${indent}{}`];
  return entries.flatMap(([key, item]) =>
    isPlain(item)
      ? [`${indent}${key}: ${scalar(item)}`]
      : [`${indent}${key}:`, ...lines(item, `${indent}  `)],
  );
}

/** A JSON value as indented `key: value` lines. */
export function renderData(value: unknown): string {
  return lines(value, '').join('\n');
}

/** Parts for a terminal: text as it is, then data and files each on lines of their own. */
export function renderParts(parts: readonly Part[]): string {
  let out = '';
  for (const part of parts) {
    if ('text' in part) {
      out += part.text;
      continue;
    }
    const block =
      'data' in part
        ? renderData(part.data)
        : 'url' in part
          ? `[file ${part.filename ?? ''} ${part.mediaType ?? ''} at ${part.url}]`.replace(/ +/g, ' ')
          : 'raw' in part
            ? `[file ${part.filename ?? ''} ${part.mediaType ?? ''}, ${Math.floor((String(part.raw).length * 3) / 4)} bytes]`.replace(
                / +/g,
                ' ',
              )
            : JSON.stringify(part);
    out += `${out === '' || out.endsWith('\n') ? '' : '\n'}${block}\n`;
  }
  return out;
}
