import { summarizeExtractively } from './src/generators/extractive-summary-generator.ts';
import { assembleDocument } from './src/generators/generators.ts';
import { readInstruction } from './src/generators/instruction.ts';
import { writeOfflineDocument } from './src/generators/offline-document-generator.ts';
import { buildOfflineOutline } from './src/generators/offline-outline-generator.ts';
import { loadKnowledgeSource } from './src/knowledge/knowledge-source.ts';

const source = await loadKnowledgeSource();
const [topic, instr] = process.argv.slice(2);
const outline = buildOfflineOutline(topic, {}, source);
const chunks = [...writeOfflineDocument(outline, readInstruction(instr), source)];
const sections = outline.sections.map((s) => ({
  heading: s.heading,
  markdown: chunks
    .filter((c) => c.heading === s.heading)
    .map((c) => c.markdown)
    .join(''),
}));
const doc = assembleDocument(outline.title, sections);
console.log(doc.markdown);
console.log('---SUMMARY---');
console.log(JSON.stringify(summarizeExtractively(doc, {}, readInstruction(instr)), null, 1));
