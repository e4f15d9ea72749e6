// @ts-check

/**
 * Writes what a child process prints, a line at a time, each line led by the app's name in a fixed-width column,
 * so four apps' output reads as one log. A last line without a newline is written when the stream ends.
 * @param {NodeJS.ReadableStream} from
 * @param {NodeJS.WritableStream} to
 * @param {string} label the name, already padded and coloured
 */
export function prefixLines(from, to, label) {
  let pending = '';
  from.setEncoding('utf8');
  from.on('data', (/** @type {string} */ text) => {
    const lines = (pending + text).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) to.write(`${label} │ ${line}\n`);
  });
  from.on('end', () => {
    if (pending !== '') to.write(`${label} │ ${pending}\n`);
    pending = '';
  });
}
