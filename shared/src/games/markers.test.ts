import { describe, expect, it } from 'vitest';
import { parseMarkedWords } from './markers.ts';

describe('parseMarkedWords (spec 3 §5: words to drag or fill are marked with double parentheses)', () => {
  it('splits a sentence into the text around its blanks and the marked words', () => {
    expect(parseMarkedWords('The ((sky)) is ((blue)) today.')).toEqual({ parts: ['The ', ' is ', ' today.'], words: ['sky', 'blue'] });
  });

  it('reads markers at the very start and end, and trims the words', () => {
    expect(parseMarkedWords('(( Brasília )) is the capital of ((Brazil))')).toEqual({ parts: ['', ' is the capital of ', ''], words: ['Brasília', 'Brazil'] });
  });

  it('keeps single parentheses, empty markers and unclosed markers as text', () => {
    expect(parseMarkedWords('A (note) and (( )) and ((open')).toEqual({ parts: ['A (note) and (( )) and ((open'], words: [] });
  });

  it('takes a marker of several words as one blank', () => {
    expect(parseMarkedWords('Say ((thank you)).')).toEqual({ parts: ['Say ', '.'], words: ['thank you'] });
  });
});
