/** "a" or "an" before a word, by how it sounds as far as its spelling tells ("an hour", "a unit"). */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const lower = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(lower)) return 'an';
  if (/^(?:uni|use|usu|ur[aeiou]|eu|one|once|ubiq)/.test(lower)) return 'a';
  if (/^[aeiou]/.test(lower)) return 'an';
  if (/^[fhlmnrsx]$/.test(lower) || /^[aefhilmnorsx][A-Z0-9]/.test(word)) return 'an';
  return 'a';
}

/** `a`/`an` + the noun phrase. */
export function withArticle(phrase: string): string {
  return `${indefiniteArticle(phrase)} ${phrase}`;
}

/** "x", "x and y", "x, y and z". */
export function joinList(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 2) return items.join(` ${conjunction} `);
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/** A clause as a sentence: first letter upper-cased, one full stop at the end. */
export function asSentence(clause: string): string {
  const trimmed = clause.trim().replace(/[\s;:,]+$/u, '');
  const [first = '', ...rest] = Array.from(trimmed);
  const body = first.toLocaleUpperCase() + rest.join('');
  return /[.!?…]["”’)]?$/u.test(body) ? body : `${body}.`;
}

/** Quotes a word or phrase with typographic quotes. */
export function quoted(text: string): string {
  return `“${text}”`;
}

/**
 * Whether a definition reads as a noun phrase ("a beverage made by…", "the cultivation of…"), so "X is <definition>"
 * is a sentence; definitions that start otherwise ("dried leaves…", "used to…") are given as "X: <definition>".
 */
export function isNounPhraseDefinition(definition: string): boolean {
  return /^(?:a|an|the|any|one|some|either|each|a kind|something|someone|somebody)\b/i.test(
    definition.trim(),
  );
}

/** "X is <definition>" when that reads as a sentence, else "X: <definition>" (without the article: "Hot jazz: …"). */
export function defineAs(subject: string, definition: string): string {
  const clean = definition.replace(/^\(([^)]*)\)\s*/, (_, domain: string) => `in ${domain}, `).trim();
  if (isNounPhraseDefinition(clean)) return asSentence(`${subject} is ${clean}`);
  const bare = subject.replace(/^An? (?=\p{L})/u, '');
  return asSentence(`${bare.charAt(0).toUpperCase()}${bare.slice(1)}: ${clean}`);
}
