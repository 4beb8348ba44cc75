/** Up to two capital letters from a person's name: first and last word, or the first two letters of one word. */
export function getInitials(name: string | null | undefined, fallback = "?"): string {
  const words = (name ?? "")
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  if (words.length === 0) return fallback;
  const letters = (word: string) => Array.from(word).filter((c) => /\p{L}|\p{N}/u.test(c));
  const first = letters(words[0]!);
  if (words.length === 1) return first.slice(0, 2).join("").toUpperCase() || fallback;
  const last = letters(words[words.length - 1]!);
  return `${first[0] ?? ""}${last[0] ?? ""}`.toUpperCase() || fallback;
}
