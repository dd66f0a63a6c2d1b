// Answers that depend only on a string (a name, a word), kept for the rest of the process: a
// document repeats its names, and with many files so does the next document.

/** `fn`, answering each argument from memory after the first call; bounded by `max` entries. */
export function rememberByString<T>(fn: (key: string) => T, max = 100_000): (key: string) => T {
  const memory = new Map<string, T>();
  return key => {
    if (memory.has(key)) return memory.get(key)!;
    if (memory.size >= max) memory.clear();
    const value = fn(key);
    memory.set(key, value);
    return value;
  };
}
