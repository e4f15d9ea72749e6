import type { Document, DocumentSection } from '../contracts/document.ts';
import type { Outline, OutlineOptions } from '../contracts/outline.ts';
import type { Summary } from '../contracts/summary.ts';

/** Where a generator says what it is waiting for; an agent shows it as its task's working status. */
export type ProgressReport = (text: string) => unknown;

/** Turns a topic into an outline. */
export interface OutlineGenerator {
  /** `instruction`: what the caller asked beside the topic ("shorter", "for experts", "in 5 sections"), if anything. */
  outline(input: {
    topic: string;
    options: OutlineOptions;
    signal: AbortSignal;
    instruction?: string;
    /** Where to say what the generator is waiting for ("Waiting for the model (attempt 2 of 3…)"). */
    progress?: ProgressReport;
  }): Promise<Outline>;
}

/** A piece of markdown to append to the section named by `heading`. */
export interface DocumentChunk {
  readonly heading: string;
  readonly markdown: string;
}

/**
 * Writes a document from an outline, section by section. Each yielded chunk is markdown text to append to
 * the section named by `heading` (a token-streaming generator yields many small chunks per section; the
 * offline one yields one per section).
 */
export interface DocumentGenerator {
  /** `instructions`: what the caller asked beside the outline ("shorter", "for experts"), if anything. */
  write(input: {
    outline: Outline;
    instructions?: string;
    signal: AbortSignal;
    progress?: ProgressReport;
  }): AsyncIterable<DocumentChunk>;
}

/** Summarizes a document. */
export interface SummaryGenerator {
  /** `instruction`: what the caller asked for beside the document ("for beginners", "shorter"), if anything. */
  summarize(input: {
    document: Document;
    signal: AbortSignal;
    instruction?: string;
    progress?: ProgressReport;
  }): Promise<Summary>;
}

/** The three generators of the chain. */
export interface ChainGenerators {
  readonly outline: OutlineGenerator;
  readonly document: DocumentGenerator;
  readonly summary: SummaryGenerator;
}

/** Assembles the document contract from the written sections. */
export function assembleDocument(title: string, sections: readonly DocumentSection[]): Document {
  const markdown = [
    `# ${title}`,
    ...sections.map((section) => `## ${section.heading}\n\n${section.markdown.trim()}`),
  ].join('\n\n');
  const wordCount = markdown.split(/\s+/).filter((word) => /\w/.test(word)).length;
  return { title, sections: [...sections], markdown: `${markdown}\n`, wordCount };
}
