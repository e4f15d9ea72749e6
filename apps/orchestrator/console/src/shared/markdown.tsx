import MarkdownIt from 'markdown-it';

// Raw HTML in the text stays text (`html: false`), and markdown-it refuses javascript: and data: links: what an
// agent writes is shown, never run.
const renderer = new MarkdownIt({ html: false, linkify: true });

/** Renders markdown that an agent wrote. */
export function Markdown({ text }: { readonly text: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it output with raw HTML disabled
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: renderer.render(text) }} />;
}
