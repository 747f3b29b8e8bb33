import { describe, expect, it } from 'vitest';
import { youtubeIdOf } from './youtube-id.ts';

describe('YouTube video id from what a vendor pastes', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL123', 'dQw4w9WgXcQ'],
    ['youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('%s → %s', (input, id) => {
    expect(youtubeIdOf(input)).toBe(id);
  });

  it.each([
    '', 'abc', 'https://vimeo.com/123456789', 'https://www.youtube.com/channel/UC38IQsAvIsxxjztdMZQtwHA',
    'https://evil.example/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=bad id', 'not a link at all',
  ])('%s is not a video', (input) => {
    expect(youtubeIdOf(input)).toBeNull();
  });
});
