import type { Message, Part } from '@baton/protocol';

/**
 * The metadata key that marks a TextPart as an instruction about the work ("shorter", "for experts") rather than
 * its subject. A refinement sends the step's usual inputs plus one such part; an agent that reads its subject from
 * the text (the outline agent's topic) leaves marked parts out of it. Agents that know nothing of the key read
 * the instruction as text, which is what they should do with it.
 */
export const INSTRUCTION_PART_KEY = 'baton.instruction';

/** A TextPart carrying an instruction, marked so agents can tell it from the subject. */
export function instructionPart(text: string): Part {
  return { text, metadata: { [INSTRUCTION_PART_KEY]: true } };
}

/** Whether a part is a marked instruction. */
export function isInstructionPart(part: Part): boolean {
  return 'text' in part && part.metadata?.[INSTRUCTION_PART_KEY] === true;
}

/** A message's text split in two: the subject (unmarked TextParts) and the instructions (marked ones). */
export function splitInstructions(message: Pick<Message, 'parts'>): { subject: string; instruction: string } {
  const subject: string[] = [];
  const instruction: string[] = [];
  for (const part of message.parts) {
    if (!('text' in part)) continue;
    (isInstructionPart(part) ? instruction : subject).push(part.text);
  }
  return { subject: subject.join('\n'), instruction: instruction.join('\n') };
}
