/**
 * spec 3 §5 "Games": words to drag or fill are marked with double parentheses in the sentence,
 * "The sky is ((blue)) today". A marker holds one or more words, no parentheses; `(( ))` with
 * only blanks is not a marker and stays text.
 */
const MARKER = /\(\(([^()]*?)\)\)/g;

export interface MarkedSentence {
  /** the text around the blanks: blank i sits between parts[i] and parts[i + 1] */
  parts: string[];
  /** the marked words, trimmed, in order */
  words: string[];
}

export function parseMarkedWords(sentence: string): MarkedSentence {
  const parts: string[] = [];
  const words: string[] = [];
  let text = '';
  let last = 0;
  for (const match of sentence.matchAll(MARKER)) {
    const word = match[1]!.trim();
    text += sentence.slice(last, match.index);
    last = match.index + match[0].length;
    if (word === '') {
      text += match[0];
      continue;
    }
    parts.push(text);
    words.push(word);
    text = '';
  }
  parts.push(text + sentence.slice(last));
  return { parts, words };
}
