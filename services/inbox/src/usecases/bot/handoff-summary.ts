import { notFound, type CallerContext } from '@inbox/platform';
import type { Summary, TranscriptLine } from '../../bot/intelligence/intelligence';
import { botStateRepository } from '../../db/repositories/bot-state.repository';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { messagesRepository, type TranscriptRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { requireOrganization } from '../access';
import { loadBotConfig } from './bot-config';

/** A summary reads the latest lines only: enough for the request and what followed, bounded for the model. */
export const TRANSCRIPT_LINES = 100;

const MEDIA_WORDS: Record<string, string> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'document',
  sticker: 'sticker',
};

/** One message as a transcript line: its text, or "[image] caption" for media; null when it says nothing. */
function lineText(m: Pick<TranscriptRow, 'type' | 'text' | 'mediaCaption' | 'mediaFilename'>): string | null {
  const text = m.text?.trim();
  if (text) return text;
  const media = MEDIA_WORDS[m.type];
  if (media) {
    const about = (m.mediaCaption ?? m.mediaFilename ?? '').trim();
    return about ? `[${media}] ${about}` : `[${media}]`;
  }
  // A reaction, or a type stored without text: nothing the summary can use.
  return null;
}

/** Who a line is from: the business side (agents, API keys, campaigns) reads as the agent. */
const speakerOf = (sender: string): TranscriptLine['from'] =>
  sender === 'customer' ? 'customer' : sender === 'bot' ? 'bot' : 'agent';

/**
 * The conversation as the bot and the summary see it: customer, bot and agent lines, oldest first,
 * the latest TRANSCRIPT_LINES only, from `since` on (null: since the conversation began). Hidden
 * messages and sends that failed (the customer never saw them) are left out.
 */
export async function transcriptOf(
  deps: InboxDeps,
  orgId: number,
  conversationId: string,
  since: Date | null,
): Promise<TranscriptLine[]> {
  const rows = await messagesRepository.transcript(deps.db, orgId, conversationId, since, TRANSCRIPT_LINES);
  const lines: TranscriptLine[] = [];
  for (const row of rows) {
    const text = lineText(row);
    if (text) lines.push({ from: speakerOf(row.sender), text, at: row.createdAt });
  }
  return lines;
}

/** Where the bot's context of a conversation starts (set at return-to-bot and reopen); null: its beginning. */
async function contextSince(deps: InboxDeps, orgId: number, conversationId: string): Promise<Date | null> {
  const state = await botStateRepository.find(deps.db, orgId, conversationId);
  return state?.contextSince ?? null;
}

/**
 * POST /conversations/{id}/generate-handoff-summary: the summary an agent would hand to the bot (or
 * a colleague), for them to edit. Nothing is saved; the stored summary is its `previousSummary`.
 */
export async function previewHandoffSummary(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<Summary & { generatedAt: Date }> {
  requireOrganization(caller);
  const conversation = await conversationsRepository.find(deps.db, caller.orgId, id);
  if (!conversation) throw notFound('Conversation');
  const [config, since] = await Promise.all([
    loadBotConfig(deps.db, caller.orgId),
    contextSince(deps, caller.orgId, id),
  ]);
  const transcript = await transcriptOf(deps, caller.orgId, id, since);
  const customerWords = transcript
    .filter((l) => l.from === 'customer')
    .map((l) => l.text)
    .join('\n');
  const summary = await deps.intelligence.summarize({
    language: deps.intelligence.detectLanguage(customerWords, config.settings.language),
    transcript,
    reason: null,
    category: conversation.category,
    previousSummary: conversation.handoffSummary,
  });
  return { ...summary, generatedAt: deps.now() };
}
