// Where the lines of a text start. The engine's JSON positions and the linter's placing of
// findings at their keys both index the same document's lines, one after the other: the table of
// the last text asked for is kept, until another is asked for (4 MB of JSON has some 150,000 lines).

let lastText: string | undefined;
let lastStarts: readonly number[] = [];

/** Offsets at which lines start, a line ending at each line feed. Callers must not change it. */
export function lineFeedStarts(text: string): readonly number[] {
  if (text !== lastText) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    lastText = text;
    lastStarts = starts;
  }
  return lastStarts;
}
