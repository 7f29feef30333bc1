import { channelOfCaller } from '../channel-of';
import { CAMPAIGNS_EVENTS } from '@inbox/contracts';
import {
  actorOf,
  DomainError,
  newId,
  requireOrganization,
  transactThenPublish,
  type CallerContext,
} from '@inbox/platform';
import { campaignsRepository } from '../../db/repositories/campaigns.repository';
import { recipientsRepository, type NewRecipient } from '../../db/repositories/recipients.repository';
import type { StoredQuestion } from '../../db/schema';
import type { CampaignsDeps } from '../../deps';
import { nextCampaignStatus } from '../../domain/campaign-lifecycle';
import { roundMoney } from '../../domain/campaign-stats';
import { firstOfEachPhone, readRecipients, type InvalidRecipient } from '../../domain/recipient-list';
import { encodeCampaign, type EncodedCampaign } from '../../grpc/encode';
import { checkCampaignInput, quickReplyButtons, type CreateCampaignInput } from './campaign-input';
import { newCampaignView } from './campaign-view';
import { prepareRecipients, type PreparedRecipient, type PreparedTemplate } from './prepare-recipients';
import { publishSlices, slicesOf } from './publish-slices';

export type { CreateCampaignInput };
/** `campaigns.v1.CreateCampaignResult`, every field present. */
export interface CreateCampaignResult {
  campaign: EncodedCampaign;
  invalidRecipients: InvalidRecipient[];
  duplicatesRemoved: number;
}

/** Invalid recipients named in a 422's field errors (all of them are in a 200's answer). */
const FIELDS_IN_REFUSAL = 100;

/**
 * SURVEY: question 0 is answered by the template's quick-reply buttons, so its options are the
 * buttons' texts (given options must be the same); a template without such buttons cannot ask it.
 */
function surveyQuestions(questions: StoredQuestion[], template: PreparedTemplate): StoredQuestion[] {
  const buttons = quickReplyButtons(JSON.parse(template.componentsJson || '[]'));
  if (buttons.length === 0)
    throw new DomainError(
      'invalid',
      'SURVEY_TEMPLATE_WITHOUT_BUTTONS',
      `Template ${template.name} has no quick-reply buttons to answer the survey's first question`,
      [{ path: 'templateId', message: 'A SURVEY needs a template with quick-reply buttons' }],
    );
  const [first, ...rest] = questions;
  if (first.options.length > 0 && first.options.join('\n') !== buttons.join('\n'))
    throw new DomainError(
      'invalid',
      'SURVEY_OPTIONS_MISMATCH',
      `The first question's options must be the template's buttons: ${buttons.join(', ')}`,
      [{ path: 'questions[0].options', message: `Leave out, or give ${JSON.stringify(buttons)}` }],
    );
  return [{ text: first.text, options: buttons }, ...rest];
}

function nothingToSend(invalid: InvalidRecipient[]): DomainError {
  return new DomainError(
    'invalid',
    'NO_VALID_RECIPIENTS',
    `None of the ${invalid.length} recipients can be sent to`,
    invalid.slice(0, FIELDS_IN_REFUSAL).map((r) => ({
      path: `recipients[${r.index}]`,
      message: `${r.reason}: ${r.message}`,
    })),
    { members: { invalidRecipients: invalid.length } },
  );
}

/**
 * Creates a campaign for the caller's organization: phones normalized and deduplicated, every
 * recipient's send prepared by the templates service, the valid ones stored with the campaign in
 * one transaction (SCHEDULED for a future time, else QUEUED with its send jobs). Invalid ones are
 * reported, not stored; none valid is a 422. The CSV import calls this too.
 */
export async function createCampaign(
  deps: CampaignsDeps,
  caller: CallerContext,
  input: CreateCampaignInput,
): Promise<CreateCampaignResult> {
  requireOrganization(caller);
  const checked = checkCampaignInput(input);
  const read = readRecipients(input.recipients);
  const channel = await channelOfCaller(deps, caller);
  // Repeats are prepared too: the first occurrence whose parameters fit is the one kept.
  const {
    template,
    prepared: accepted,
    refused,
  } = await prepareRecipients(
    deps,
    caller.orgId,
    caller.requestId,
    { templateId: checked.templateId, language: checked.language },
    read.candidates,
  );
  const { kept: prepared, duplicates } = firstOfEachPhone(accepted);
  const invalid = [...read.invalid, ...refused, ...duplicates].sort((a, b) => a.index - b.index);
  if (prepared.length === 0) throw nothingToSend(invalid);
  const questions = checked.questions && surveyQuestions(checked.questions, template);

  const now = deps.now();
  const status = nextCampaignStatus(null, 'create', { now, scheduledAt: checked.scheduledAt });
  const id = newId();
  const recipients = prepared.map((r, seq) => recipientRow(deps, caller.orgId, id, seq, r, checked.kind));
  const estimatedCost = roundMoney(
    prepared.reduce(
      (total, r) => total + deps.pricing.rateFor(deps.pricing.marketOf(r.phone), template.category),
      0,
    ),
  );
  const row = await transactThenPublish(deps, async (tx) => {
    const created = await campaignsRepository.insert(tx, {
      id,
      orgId: caller.orgId,
      name: checked.name,
      templateId: template.id,
      templateName: template.name,
      templateLanguage: template.language,
      templateCategory: template.category,
      templateComponents: JSON.parse(template.componentsJson || '[]'),
      kind: checked.kind,
      status,
      scheduledAt: checked.scheduledAt,
      questions,
      phoneNumberId: channel.phoneNumberId,
      wabaId: channel.wabaId,
      total: recipients.length,
      currency: deps.pricing.card.currency,
      estimatedCost,
      createdBy: actorOf(caller),
      // Milliseconds, as cursors carry them (the database's default would keep microseconds).
      createdAt: now,
      updatedAt: now,
    });
    await recipientsRepository.insertMany(tx, recipients);
    const origin = { orgId: caller.orgId, requestId: caller.requestId };
    await deps.events.record(tx, origin, CAMPAIGNS_EVENTS.campaignCreated, {
      campaignId: id,
      name: created.name,
      templateId: created.templateId,
      templateName: created.templateName,
      templateCategory: created.templateCategory,
      kind: created.kind,
      status,
      recipients: created.total,
      scheduledAt: created.scheduledAt?.toISOString() ?? null,
      estimatedCost,
      currency: created.currency,
      actorId: actorOf(caller),
    });
    if (status === 'QUEUED')
      await publishSlices(deps, tx, origin, id, slicesOf(created.total, deps.settings.sliceSize));
    return created;
  });
  return {
    campaign: encodeCampaign(newCampaignView(row)),
    invalidRecipients: invalid,
    duplicatesRemoved: duplicates.length,
  };
}

function recipientRow(
  deps: CampaignsDeps,
  orgId: number,
  campaignId: string,
  seq: number,
  recipient: PreparedRecipient,
  kind: string,
): NewRecipient {
  return {
    id: newId(),
    orgId,
    campaignId,
    seq,
    phone: recipient.phone,
    parameters: recipient.parameters,
    components: recipient.components,
    renderedText: recipient.renderedText,
    market: deps.pricing.marketOf(recipient.phone).market,
    surveyQuestion: kind === 'SURVEY' ? 0 : null,
  };
}
