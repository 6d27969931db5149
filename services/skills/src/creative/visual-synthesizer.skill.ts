import { Injectable } from '@nestjs/common';
import { validateAs, VisualSynthesizerDto } from '@platform/contracts';
import type { Skill, SkillCaller } from '../actions/skill.js';
import { AiClient } from '../platform/ai-client.js';

const DEFAULT_STYLE = 'abstract';

/** Bounds the answer: a concept, not an essay, and a bounded cost to the caller's quota. */
const MAX_TOKENS = 400;

const BRIEF = 'You design visuals for underground music events: flyers, stage screens, cover art. '
  + 'Answer with one visual concept in the style asked for: the composition, the colour palette, the typography and the motion '
  + 'if it is for a screen. At most 150 words, no preamble.';

/**
 * visual-synthesizer (prompt, style): a visual concept written through the AI layer with the caller's plan's default model,
 * billed to the caller like any chat (plan, quota), its usage recorded as `skill:visual-synthesizer`.
 */
@Injectable()
export class VisualSynthesizerSkill implements Skill {
  readonly id = 'visual-synthesizer';

  constructor(private readonly ai: AiClient) {}

  async use(caller: SkillCaller, body: unknown) {
    const request = validateAs(VisualSynthesizerDto, body);
    const style = request.style ?? DEFAULT_STYLE;
    const answer = await this.ai.chat(caller, this.id, {
      max_tokens: MAX_TOKENS,
      messages: [{ role: 'system', content: BRIEF }, { role: 'user', content: `Style: ${style}\n\n${request.prompt.trim()}` }],
    });
    return { prompt: request.prompt, style, visual: { concept: answer.message.content }, model: answer.model, usage: answer.usage };
  }
}
