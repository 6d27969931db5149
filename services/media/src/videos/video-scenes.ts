import type { GenerateVideoDto } from '@platform/contracts';

/** One stretch of the video: a heading, lines of text under it, and whether the image shows. */
export interface Slide {
  seconds: number;
  heading: string;
  body: string;
  /** The screenshot, above the text. */
  image: boolean;
}

export const FRAME = { width: 1280, height: 720, fps: 30 } as const;

const TITLE_SECONDS = 3;
const OUTRO_SECONDS = 2;

/**
 * The slides of each type (4.6): a title, the type's own content (one slide per feature or step),
 * and a closing slide. Durations are fixed per slide, so a video's length follows from its input.
 */
export function slidesFor(input: GenerateVideoDto): Slide[] {
  const slide = (seconds: number, heading: string, body = '', image = false): Slide => ({ seconds, heading, body, image });
  switch (input.type) {
    case 'demo':
      return [slide(TITLE_SECONDS, input.agentName!, 'Agent demo'), slide(5, 'What it does', input.agentDescription!), slide(OUTRO_SECONDS, `Try ${input.agentName!}`)];
    case 'marketing':
      return [
        slide(TITLE_SECONDS, input.productName!, `${input.features!.length} reasons to try it`),
        ...input.features!.map((feature, index) => slide(3, `${index + 1}. ${feature}`)),
        slide(OUTRO_SECONDS, input.productName!, 'Available now'),
      ];
    case 'screenshot':
      return [slide(6, '', input.description!, true)];
    case 'tutorial':
      return [
        slide(TITLE_SECONDS, input.topic!, `${input.steps!.length} steps`),
        ...input.steps!.map((step, index) => slide(4, `Step ${index + 1} of ${input.steps!.length}`, step)),
        slide(OUTRO_SECONDS, 'You are done', input.topic!),
      ];
  }
}

export function totalSeconds(slides: readonly Slide[]): number {
  return slides.reduce((total, slide) => total + slide.seconds, 0);
}

/**
 * Text broken into lines of at most `width` characters at spaces (a longer word is cut), at most
 * `lines` lines, the last ending in an ellipsis when text is left over: drawtext neither wraps nor clips.
 */
export function wrapText(text: string, width: number, lines: number): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').flatMap((word) => word.match(new RegExp(`.{1,${width}}`, 'gu')) ?? []);
  const wrapped: string[] = [];
  for (const word of words) {
    const last = wrapped.length - 1;
    if (last >= 0 && wrapped[last]!.length + 1 + word.length <= width) wrapped[last] += ` ${word}`;
    else wrapped.push(word);
  }
  if (wrapped.length <= lines) return wrapped.join('\n');
  const kept = wrapped.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.slice(0, width - 1)}…`;
  return kept.join('\n');
}
