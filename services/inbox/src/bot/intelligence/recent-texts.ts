/** How much of a conversation its category is read from: the latest messages say the most. */
export const RECENT_TEXTS = { messages: 10, chars: 2000 } as const;

/** The customer's latest non-empty messages (oldest first), within the character budget. */
export function recentTexts(texts: string[]): string[] {
  const kept: string[] = [];
  let chars = 0;
  for (const text of texts.slice(-RECENT_TEXTS.messages).reverse()) {
    const trimmed = text.trim();
    if (trimmed === '') continue;
    if (chars + trimmed.length > RECENT_TEXTS.chars && kept.length > 0) break;
    kept.unshift(trimmed.slice(0, RECENT_TEXTS.chars));
    chars += trimmed.length;
  }
  return kept;
}
