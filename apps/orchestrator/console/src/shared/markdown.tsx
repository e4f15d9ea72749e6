import MarkdownIt from 'markdown-it';

// Raw HTML in the text stays text (`html: false`), and markdown-it refuses javascript: and data: links: what an
// agent writes is shown, never run.
const renderer = new MarkdownIt({ html: false, linkify: true });

/** Renders markdown that an agent wrote. */
export function Markdown({ text }: { readonly text: string }) {
  // markdown-it output with raw HTML disabled: nothing the agent wrote can run.
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: renderer.render(text) }} />;
}

/** Renders one line of markdown an agent wrote (a skill's description: `code`, *emphasis*, links), inline. */
export function InlineMarkdown({ text }: { readonly text: string }) {
  return <span dangerouslySetInnerHTML={{ __html: renderer.renderInline(text) }} />;
}
