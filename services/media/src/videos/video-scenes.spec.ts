import { describe, expect, it } from '@jest/globals';
import { slidesFor, totalSeconds, wrapText } from './video-scenes.js';

describe('slidesFor', () => {
  it('makes a demo of a title, the description and a closing slide: 10 s', () => {
    const slides = slidesFor({ type: 'demo', agentName: 'Helper', agentDescription: 'Answers mail' });
    expect(slides.map((slide) => slide.heading)).toEqual(['Helper', 'What it does', 'Try Helper']);
    expect(totalSeconds(slides)).toBe(10);
  });

  it('gives each marketing feature and each tutorial step a slide of its own', () => {
    expect(totalSeconds(slidesFor({ type: 'marketing', productName: 'Radio', features: ['Live', 'Cheap'] }))).toBe(3 + 2 * 3 + 2);
    const tutorial = slidesFor({ type: 'tutorial', topic: 'Streaming', steps: ['Open OBS', 'Paste the key', 'Go live'] });
    expect(tutorial[2]).toEqual({ seconds: 4, heading: 'Step 2 of 3', body: 'Paste the key', image: false });
    expect(totalSeconds(tutorial)).toBe(3 + 3 * 4 + 2);
  });

  it('shows a screenshot with its description for 6 s', () => {
    expect(slidesFor({ type: 'screenshot', imageUrl: 'https://example.com/a.png', description: 'The dashboard' }))
      .toEqual([{ seconds: 6, heading: '', body: 'The dashboard', image: true }]);
  });
});

describe('wrapText', () => {
  it('breaks at spaces within the width', () => {
    expect(wrapText('the quick brown fox jumps', 10, 5)).toBe('the quick\nbrown fox\njumps');
  });

  it('cuts a word longer than a line', () => {
    expect(wrapText('abcdefghijkl', 5, 5)).toBe('abcde\nfghij\nkl');
  });

  it('ends the last allowed line with an ellipsis when text is left over', () => {
    expect(wrapText('one two three four five six', 9, 2)).toBe('one two\nthree…');
  });

  it('folds runs of whitespace and newlines into one space', () => {
    expect(wrapText('  a \n\n b\t c ', 20, 3)).toBe('a b c');
  });
});
